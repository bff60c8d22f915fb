// The catalogue's sorts and display rules, without zod: the frontends' first screens import this file alone.
import type { Product } from './products.js';

export const PRODUCT_SORTS = ['title', 'price-high', 'price-low', 'category'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** provider-portal §2: Name A–Z, Price: High to Low, Price: Low to High, Category. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  title: 'Name A–Z',
  'price-high': 'Price: High to Low',
  'price-low': 'Price: Low to High',
  category: 'Category',
};

/** The price a product is sold at (decisions.md): price, else amazon_price, else none. */
export function displayPrice(product: Pick<Product, 'price' | 'amazon_price'>): string | null {
  return product.price ?? product.amazon_price;
}
