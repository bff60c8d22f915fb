import { z } from 'zod';

export const PRODUCT_SORTS = ['title', 'price-high', 'price-low', 'category'] as const;
export const productSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof productSortSchema>;

/** provider-portal §2: Name A–Z, Price: High to Low, Price: Low to High, Category. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  title: 'Name A–Z',
  'price-high': 'Price: High to Low',
  'price-low': 'Price: Low to High',
  category: 'Category',
};

export const productListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  sort: productSortSchema.default('title'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(48),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSchema = z.object({
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
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  data: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** The price a product is sold at (decisions.md): price, else amazon_price, else none. */
export function displayPrice(product: Pick<Product, 'price' | 'amazon_price'>): string | null {
  return product.price ?? product.amazon_price;
}
