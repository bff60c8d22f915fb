import { z } from 'zod';

import { idFilter } from './admin-list.js';

// The top-up rule lives in par-levels.rules.ts, so the storefront's count screen can use it without zod.
export * from './par-levels.rules.js';

/** The sort fields of GET /api/admin/locations. */
export const LOCATION_SORTS = ['name', 'active', 'department_id', 'created_at', 'updated_at'] as const;

/** The filters of GET /api/admin/locations. */
export const locationFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  active: z.boolean().optional(),
  department_id: z.uuid().optional(),
  id: idFilter(z.uuid()),
});

/** The most lines a stock list (and so a count) holds. */
export const MAX_STOCK_LIST_LINES = 1000;
/** The most units a par level, reorder point, pack size or count may say (a typo guard). */
export const MAX_UNITS = 1_000_000;

const asinSchema = z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters');
const units = (minimum: number, what: string) =>
  z
    .number()
    .int(`${what} must be a whole number`)
    .min(minimum, `${what} must be at least ${minimum}`)
    .max(MAX_UNITS, `${what} must be at most ${MAX_UNITS}`);

/**
 * One stock-list line: `par` (order-up-to level) and `reorder_point` in units on the shelf,
 * `pack_size` the units in one orderable pack of the product. A count's top-up is in packs.
 */
export const stockListLineInputSchema = z.object({
  asin: asinSchema,
  par: units(1, 'Par'),
  reorder_point: units(0, 'Reorder point').nullable().default(null),
  pack_size: units(1, 'Pack size').default(1),
});
export type StockListLineInput = z.infer<typeof stockListLineInputSchema>;

const stockListInputSchema = z
  .array(stockListLineInputSchema)
  .max(MAX_STOCK_LIST_LINES, `A stock list holds at most ${MAX_STOCK_LIST_LINES} items`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.asin)) {
        ctx.addIssue({ code: 'custom', path: [index, 'asin'], message: `ASIN ${line.asin} is listed twice` });
      }
      seen.add(line.asin);
    });
  });

/** POST /api/admin/locations. */
export const locationCreateSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  department_id: z.uuid(),
  active: z.boolean().default(true),
  stock_list: stockListInputSchema.default([]),
});

/**
 * PUT /api/admin/locations/:id: the record GET answers, edited (id, counts and dates are ignored).
 * Without `stock_list` (a record from the list page) the stock list stays as it is; with it, the
 * stock list becomes exactly what is sent. Deactivating is `active: false`.
 */
export const locationUpdateSchema = locationCreateSchema.extend({
  active: z.boolean(),
  stock_list: stockListInputSchema.optional(),
});

/** A stock-list line as the back office shows it. */
export const stockListLineSchema = z.strictObject({
  asin: z.string(),
  par: z.number().int(),
  reorder_point: z.number().int().nullable(),
  pack_size: z.number().int(),
});
export type StockListLineRecord = z.infer<typeof stockListLineSchema>;

/** A location as the back office's list shows it (no stock list: `item_count` says how long it is). */
export const locationSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  department_id: z.string(),
  active: z.boolean(),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationSummary = z.infer<typeof locationSummarySchema>;

/** GET /api/admin/locations/:id: the record with its stock list, in walking order. */
export const locationSchema = locationSummarySchema.extend({ stock_list: z.array(stockListLineSchema) });
export type LocationRecord = z.infer<typeof locationSchema>;

/** POST /api/admin/locations/:id/stock-list/import?dry_run=true: a CSV file of stock-list lines. */
export const STOCK_LIST_CSV_COLUMNS = ['asin', 'par', 'reorder_point', 'pack_size'] as const;
export const stockListImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false']).default('false').describe('true: answer what would change, change nothing'),
});
/** What an import changes (or, in a dry run, would change). Lines of the list not in the file stay. */
export const stockListImportResultSchema = z.strictObject({
  dry_run: z.boolean(),
  added: z.array(stockListLineSchema),
  changed: z.array(z.strictObject({ asin: z.string(), before: stockListLineSchema, after: stockListLineSchema })),
  unchanged: z.number().int(),
});
export type StockListImportResult = z.infer<typeof stockListImportResultSchema>;

/** GET /api/locations: the caller's locations (their department's; every active one for admins). */
export const myLocationSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  department_id: z.string(),
  department_name: z.string(),
  item_count: z.number().int(),
});
export const myLocationListSchema = z.array(myLocationSchema);
export type MyLocation = z.infer<typeof myLocationSchema>;

/** GET /api/locations/:id: the stock list to walk, with what the catalogue says of each item. */
export const locationStockItemSchema = z.strictObject({
  asin: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  /** The unit price of one pack as the catalogue shows it (decimal string), null when unpriced. */
  price: z.string().nullable(),
  par: z.number().int(),
  reorder_point: z.number().int().nullable(),
  pack_size: z.number().int(),
});
export const locationDetailSchema = myLocationSchema.extend({ stock_list: z.array(locationStockItemSchema) });
export type LocationDetail = z.infer<typeof locationDetailSchema>;

/** POST /api/locations/:id/counts: what is on the shelf, in units, per item of the stock list. */
export const countInputSchema = z.object({
  counts: z
    .array(z.object({ asin: asinSchema, on_hand: units(0, 'On hand') }))
    .min(1, 'Count at least one item')
    .max(MAX_STOCK_LIST_LINES),
});
export type CountInput = z.infer<typeof countInputSchema>;

/** The recorded count and its top-up: `quantity` in orderable packs, ready for the cart. */
export const countAnswerSchema = z.strictObject({
  id: z.string(),
  counted_at: z.string(),
  lines: z.array(z.strictObject({ asin: z.string(), quantity: z.number().int() })),
});
export type CountAnswer = z.infer<typeof countAnswerSchema>;

/** `:id` and `:countId` of POST /api/locations/:id/counts/:countId/add-to-cart. */
export const countParamsSchema = z.object({ id: z.uuid(), countId: z.uuid() });

/** GET /api/admin/locations/:id/par-review: per stock-list item, what the last 90 days of counts suggest. */
export const parReviewLineSchema = z.strictObject({
  asin: z.string(),
  title: z.string(),
  par: z.number().int(),
  reorder_point: z.number().int().nullable(),
  pack_size: z.number().int(),
  /** Counts in the window that counted the item, and of those the ones whose top-up ordered it. */
  counts: z.number().int(),
  ordered_on_counts: z.number().int(),
  min_on_hand: z.number().int().nullable(),
  avg_on_hand: z.number().nullable(),
  /** Units the counts topped up in the window (packs × pack size at the time): the item's usage. */
  units_ordered: z.number().int(),
  suggestion: z.enum(['raise', 'lower']).nullable(),
});
export const parReviewSchema = z.strictObject({
  location_id: z.string(),
  since: z.string(),
  counts: z.number().int(),
  lines: z.array(parReviewLineSchema),
});
export type ParReview = z.infer<typeof parReviewSchema>;

/** One count of a location as the back office lists it: who, when, each item, what it became. */
export const locationCountSchema = z
  .strictObject({
    id: z.string(),
    counted_at: z.string(),
    counted_by: z.string().nullable().describe("The counter's e-mail; null when the account was deleted"),
    /** 'cart' (put into the counter's cart), 'order' (submitted as an order) or null (neither yet). */
    outcome: z.enum(['cart', 'order']).nullable(),
    order_number: z.string().nullable(),
    packs: z.number().int().describe('Packs its top-up came to'),
    lines: z.array(
      z.strictObject({
        asin: z.string(),
        title: z.string(),
        on_hand: z.number().int(),
        par: z.number().int(),
        quantity: z.number().int().describe('Packs topped up'),
      }),
    ),
  })
  .meta({ id: 'LocationCount' });
export type LocationCount = z.infer<typeof locationCountSchema>;
export const locationCountListSchema = z.strictObject({ data: z.array(locationCountSchema) });
