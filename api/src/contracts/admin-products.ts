import { z } from 'zod';

import { productGtinsSchema } from './barcodes.js';
import { CATEGORIES } from './catalog.js';
import { idFilter } from './admin-list.js';
import { moneyAmountSchema } from './money-amount.js';
import { productSchema } from './products.js';

/** Trimmed text; an empty field is stored as null (admin-portal §5). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const priceSchema = moneyAmountSchema('Price is required').pipe(
  z
    .number()
    .min(0, 'Price must be ≥ 0')
    .max(1_000_000, 'Price is too high')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Price can have at most two decimals'),
);

/**
 * The one product-link rule, for create and edit alike: a web address, never javascript: or data:.
 * Only the words differ, as admin-portal §5 gives them: the add-product form says 'Invalid URL' for
 * text that is no address at all; an address of another kind, and anything wrong on edit, gets this.
 */
export const PRODUCT_LINK_MESSAGE = 'Product link must start with http:// or https://';
const productUrlSchema = (notAnAddressMessage: string) =>
  optionalText(2000).superRefine((value, ctx) => {
    if (value === null || isWebAddress(value)) return;
    ctx.addIssue({ code: 'custom', message: URL.canParse(value) ? PRODUCT_LINK_MESSAGE : notAnAddressMessage });
  });

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s]/.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * How many days a received lot must still have before its expiry; 0 turns the check
 * off for the item. Whole days, as a number: the form's number input sends one.
 */
export const MIN_SHELF_LIFE_DAYS_DEFAULT = 90;
export const MIN_SHELF_LIFE_DAYS_MAX = 3650;
export const minShelfLifeDaysSchema = z
  .number({ error: 'Minimum remaining shelf life must be a whole number of days' })
  .int('Minimum remaining shelf life must be a whole number of days')
  .min(0, 'Minimum remaining shelf life must be at least 0 days')
  .max(MIN_SHELF_LIFE_DAYS_MAX, `Minimum remaining shelf life must be at most ${MIN_SHELF_LIFE_DAYS_MAX} days`);

export const productSkuSchema = optionalText(40).refine(
  (value) => value === null || /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value),
  'SKU may contain letters, digits, dots, dashes and underscores',
);

/** 'Add product' (admin-portal §5). */
export const productCreateSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(300),
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  manufacturer: z.string({ error: 'Manufacturer is required' }).trim().min(1, 'Manufacturer is required').max(200),
  price: priceSchema,
  sku: productSkuSchema,
  description: optionalText(5000),
  product_url: productUrlSchema('Invalid URL'),
  min_shelf_life_days: minShelfLifeDaysSchema.optional(),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;

/** The product edit form (admin-portal §5): empty fields stored as null, text trimmed. */
export const productUpdateSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(300),
  description: optionalText(5000),
  price: priceSchema.nullish(),
  sku: productSkuSchema,
  vendor: optionalText(200),
  category: z
    .union([z.enum(CATEGORIES), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  product_url: productUrlSchema(PRODUCT_LINK_MESSAGE),
  /** The packaging levels' GTINs: when sent, the product's list becomes exactly this. */
  gtins: productGtinsSchema.optional(),
  /** When sent, the item's minimum remaining shelf life at receipt; left as it is otherwise. */
  min_shelf_life_days: minShelfLifeDaysSchema.optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
/** The sort fields of GET /api/admin/products (anything else is a 400). */
export const ADMIN_PRODUCT_SORTS = ['title', 'price', 'category', 'asin', 'sku', 'updated_at'] as const;

/** The filters of GET /api/admin/products. */
export const adminProductFilterSchema = z.object({
  id: idFilter(z.uuid()),
  q: z.string().trim().max(100).optional(),
  category: z.enum(CATEGORIES).optional(),
  active: z.boolean().optional(),
});

/**
 * The back office's product record: the catalogue's product with its GTINs (smallest pack first)
 * and its minimum remaining shelf life at receipt.
 */
export const adminProductSchema = productSchema.extend({
  gtins: productGtinsSchema,
  min_shelf_life_days: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
