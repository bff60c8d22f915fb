import { z } from 'zod';

import { idFilter } from './admin-list.js';
import { MAX_LINE_QUANTITY } from './cart.rules.js';
import { deliveryNoteSchema } from './supplier-text.js';

/** Standing orders: the owner's fixed needs, ordered on a schedule. */

const isoDate = z.iso.date({ error: 'Use a date (YYYY-MM-DD)' });

export const standingScheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('weekly'),
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: 'Choose the weekdays' })
      .min(1, 'Choose at least one weekday')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'A weekday is listed twice'),
  }),
  z.strictObject({
    kind: z.literal('monthly'),
    day: z.number().int().min(1, 'Day 1 to 31').max(31, 'Day 1 to 31'),
  }),
]);
export type StandingScheduleInput = z.infer<typeof standingScheduleSchema>;

const standingLineFields = {
  asin: z.string().trim().min(1).max(40),
  // The cart's limit: a standing order is made from the cart and its lines are ordered as one.
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
};

function standingLinesSchema<Line extends z.ZodType<{ asin: string; quantity: number }>>(line: Line) {
  return (
    z
      .array(line)
      // Worded as the storefront's edit form says it: editing can remove every line.
      .min(1, 'A standing order needs at least one item.')
      .max(100)
  );
}

const standingOrderFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  schedule: standingScheduleSchema,
  start_date: isoDate,
  end_date: isoDate.nullable().default(null),
  lines: standingLinesSchema(z.strictObject(standingLineFields)),
  /** Delivery instructions each of its orders carries to the supplier. */
  delivery_note: deliveryNoteSchema,
};

interface StandingOrderRuleInput {
  start_date: string;
  end_date: string | null;
  lines: { asin: string }[];
}
/** The rules across fields, for the owner's input and the back office's alike. */
const endNotBeforeStart = (input: StandingOrderRuleInput) =>
  input.end_date === null || input.end_date >= input.start_date;
const eachItemOnce = (input: StandingOrderRuleInput) =>
  new Set(input.lines.map((line) => line.asin)).size === input.lines.length;
const END_RULE = { message: 'The end date cannot be before the start date', path: ['end_date'] };
const ONCE_RULE = { message: 'An item is listed twice', path: ['lines'] };

export const standingOrderInputSchema = z
  .strictObject(standingOrderFields)
  .refine(endNotBeforeStart, END_RULE)
  .refine(eachItemOnce, ONCE_RULE);
export type StandingOrderInput = z.input<typeof standingOrderInputSchema>;

export const standingOrderOccurrenceSchema = z.strictObject({
  date: z.string(),
  status: z.enum(['claimed', 'ordered', 'skipped']),
  order_id: z.string().nullable(),
  reason: z.string().nullable(),
});

export const standingOrderSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  schedule: standingScheduleSchema,
  start_date: z.string(),
  end_date: z.string().nullable(),
  paused: z.boolean(),
  /** Set by an administrator for a ward location: its orders are delivered there; null for one's own. */
  location: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  lines: z.array(z.strictObject({ asin: z.string(), title: z.string().nullable(), quantity: z.number().int() })),
  /** Delivery instructions for the supplier on each order; null when none. */
  delivery_note: z.string().nullable(),
  /** The next date an order will be created on (company calendar); null when paused or ended. */
  next_date: z.string().nullable(),
  /** The latest occurrences, newest first. */
  recent: z.array(standingOrderOccurrenceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StandingOrder = z.infer<typeof standingOrderSchema>;

export const standingOrderListSchema = z.strictObject({ data: z.array(standingOrderSchema) });

/**
 * The back office's standing order for a ward location, a react-admin record: it is
 * placed as `user_id`, a requester of the location's department, and delivered to the location.
 */
export const adminStandingOrderInputSchema = z
  .object({
    ...standingOrderFields,
    // A record read back carries each line's title: written back, it is left out (react-admin round trip).
    lines: standingLinesSchema(z.object(standingLineFields)),
    location_id: z.uuid('Choose a location'),
    user_id: z.uuid('Choose who orders for the ward'),
    paused: z.boolean().default(false),
  })
  .refine(endNotBeforeStart, END_RULE)
  .refine(eachItemOnce, ONCE_RULE);

export const adminStandingOrderSchema = standingOrderSchema
  .omit({ location: true })
  .extend({
    location_id: z.string(),
    location_name: z.string(),
    user_id: z.string(),
    requester_email: z.string(),
  })
  .meta({ id: 'AdminStandingOrder' });
export type AdminStandingOrder = z.infer<typeof adminStandingOrderSchema>;

/**
 * GET /api/admin/locations/:id/standing-order-requesters: who a location's standing order may order
 * as (the same rule the create and update check), for the form's "Orders as".
 */
export const standingOrderRequesterListSchema = z.strictObject({
  data: z.array(
    z.strictObject({
      id: z.string(),
      email: z.string(),
      /** First and last name, or null before onboarding gave one. */
      name: z.string().nullable(),
    }),
  ),
});
export type StandingOrderRequesterList = z.infer<typeof standingOrderRequesterListSchema>;

export const ADMIN_STANDING_ORDER_SORTS = ['created_at', 'name'] as const;
export const adminStandingOrderFilterSchema = z.object({
  location_id: z.uuid().optional(),
  id: idFilter(z.uuid()),
});
