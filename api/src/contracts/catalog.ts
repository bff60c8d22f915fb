import { z } from 'zod';

import { moneyTextSchema } from './money-amount.js';

export const CATEGORIES = [
  'General Medical',
  'Surgical Supplies',
  'Personal Protection',
  'Diagnostic Equipment',
  'Injection Supplies',
  'Wound Care',
  'IV & Infusion',
  'Catheters & Tubes',
] as const;

export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

/** The catalogue CSV is the source of truth: 154 products (decisions.md, admin-portal §9). */
export const EXPECTED_CATALOG_SIZE = 154;
/** Below this many active products the bootstrap runs by itself (admin-portal §4). */
export const BOOTSTRAP_THRESHOLD = 100;

export const asinSchema = z.string().regex(/^B0[A-Z0-9]{8}$/, 'must be an ASIN (B0 followed by 8 letters or digits)');
const moneySchema = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount in dollars with at most two decimals')
  .transform((value) => Number(value).toFixed(2));
const httpUrlSchema = z.string().regex(/^https?:\/\/\S+$/, 'must start with http:// or https://');

/** One row of seeds/catalog.csv after parsing; empty cells arrive as undefined. */
export const catalogCsvRowSchema = z.object({
  asin: asinSchema,
  sku: z
    .string()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,23}$/, 'must be 3–24 upper-case letters, digits or dashes')
    .optional(),
  title: z.string().trim().min(1, 'is required').max(300),
  description: z.string().trim().optional(),
  manufacturer: z.string().trim().min(1, 'is required'),
  vendor: z.string().trim().optional(),
  category: categorySchema,
  price: moneySchema.optional(),
  amazon_price: moneySchema.optional(),
  product_url: httpUrlSchema.optional(),
  amazon_url: httpUrlSchema.optional(),
  unspsc: z
    .string()
    .regex(/^\d{8}$/, 'must be an 8-digit UNSPSC code')
    .optional(),
  in_stock: z.enum(['true', 'false']).transform((value) => value === 'true'),
  specs: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return {};
      try {
        const parsed: unknown = JSON.parse(value);
        const specs = z.record(z.string(), z.string()).safeParse(parsed);
        if (specs.success) return specs.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of text values' });
      return z.NEVER;
    }),
});
export type CatalogCsvRow = z.infer<typeof catalogCsvRowSchema>;

export const CATALOG_CSV_COLUMNS = Object.keys(catalogCsvRowSchema.shape) as (keyof CatalogCsvRow)[];

/** Fields of the catalogue-audit result, admin-portal §3. */
export const catalogAuditSchema = z.strictObject({
  csv_count: z.number().int(),
  db_active_count: z.number().int(),
  db_total_count: z.number().int(),
  upserted_count: z.number().int(),
  reactivated_count: z.number().int(),
  deactivated_count: z.number().int(),
  order_protected_count: z.number().int(),
  missing_in_db: z.array(z.string()),
  extra_in_db: z.array(z.string()),
  sample_products: z.array(
    z.strictObject({
      asin: z.string(),
      sku: z.string().nullable(),
      title: z.string(),
      price: moneyTextSchema.nullable(),
    }),
  ),
  status: z.enum(['perfect', 'warning']),
  timestamp: z.string(),
  last_reconciliation_at: z.string().nullable(),
});
export type CatalogAudit = z.infer<typeof catalogAuditSchema>;

/** Columns of the active-catalogue export, admin-portal §7. */
export const ACTIVE_CATALOG_EXPORT_COLUMNS = ['asin', 'sku', 'title', 'price', 'amazon_url'] as const;
