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

/** The catalogue grid's page size (48 a page keeps a 10,000-product catalogue fast). */
export const CATALOGUE_PAGE_SIZE = 48;

/** The catalogue's search and sort in its address (?q=&sort=): Name A–Z when the sort is missing or unknown. */
export function catalogueQueryOf(params: URLSearchParams): { q: string; sort: ProductSort } {
  const sortParam = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    sort: PRODUCT_SORTS.find((option) => option === sortParam) ?? 'title',
  };
}

/**
 * The GET /api/products address of one catalogue page. The storefront asks for exactly this, and
 * the server preloads the first page of /catalog with it, so the two must never differ.
 */
export function catalogueProductsPath({ q, sort, page }: { q: string; sort: ProductSort; page: number }): string {
  const search = new URLSearchParams({ sort, page: String(page), per_page: String(CATALOGUE_PAGE_SIZE) });
  if (q) search.set('q', q);
  return `/api/products?${search.toString()}`;
}
