import { z } from 'zod';

import { PRODUCT_SORTS } from './products.rules.js';

// The sorts and displayPrice live in products.rules.ts, so a frontend can use them without loading zod.
export * from './products.rules.js';

export const productSortSchema = z.enum(PRODUCT_SORTS);

export const productListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  sort: productSortSchema.default('title'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(48),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSchema = z
  .strictObject({
    id: z.string(),
    asin: z.string(),
    sku: z.string().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    manufacturer: z.string().nullable(),
    vendor: z.string().nullable(),
    category: z.string().nullable(),
    image_url: z.string().nullable(),
    product_url: z.string().nullable(),
    amazon_url: z.string().nullable(),
    amazon_price: z.string().nullable(),
    price: z.string().nullable(),
    in_stock: z.boolean(),
    specs: z.record(z.string(), z.string()),
    active: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.strictObject({
  data: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** GET /api/products/:asin. */
export const asinParamsSchema = z.object({ asin: z.string().min(1).max(40) });
