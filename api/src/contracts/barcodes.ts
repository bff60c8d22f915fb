import { z } from 'zod';

/**
 * Barcodes: a product carries one GTIN per packaging level (each, box, case) with the
 * units that level holds; a scan resolves to the product, its level and what the element string says
 * of the pack (lot, expiry, serial).
 */

/** One packaging level of a product, as the admin product record carries it (GTIN-14, digits). */
export const productGtinSchema = z.strictObject({
  gtin: z
    .string({ error: 'GTIN is required' })
    .trim()
    .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'A GTIN has 8, 12, 13 or 14 digits'),
  units: z
    .number({ error: 'Units is required' })
    .int('Units must be a whole number')
    .min(1, 'Units must be at least 1')
    .max(100_000, 'Units must be at most 100000'),
});
export type ProductGtin = z.infer<typeof productGtinSchema>;

export const productGtinsSchema = z.array(productGtinSchema).max(20, 'A product has at most 20 GTINs');

/** GET /api/scan?code=… — what a USB or phone scanner typed. */
export const scanQuerySchema = z.strictObject({
  code: z.string({ error: 'code is required' }).min(1, 'code is required').max(200, 'code is too long'),
});

export const scanResultSchema = z.strictObject({
  asin: z.string(),
  title: z.string(),
  /** Units of the product in the scanned packaging level (1 for an each). */
  units: z.number().int(),
  /** The GTIN as 14 digits. */
  gtin: z.string(),
  lot: z.string().nullable(),
  /** YYYY-MM-DD (a day 00 in the barcode is the month's last day). */
  expiry: z.string().nullable(),
  serial: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** POST /api/admin/product-gtins/import?dry_run=true|false — CSV columns asin, gtin, units. */
export const gtinImportQuerySchema = z.strictObject({
  dry_run: z.enum(['true', 'false']).default('true'),
});

export const gtinImportResultSchema = z.strictObject({
  dry_run: z.boolean(),
  /** What the file changes, one row per product whose GTINs change. */
  changes: z.array(
    z.strictObject({
      asin: z.string(),
      title: z.string(),
      before: z.array(productGtinSchema),
      after: z.array(productGtinSchema),
    }),
  ),
  unchanged: z.number().int(),
});
export type GtinImportResult = z.infer<typeof gtinImportResultSchema>;
