import type { ProductList, ProductSort } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** The catalogue grid's page size (48 a page keeps a 10,000-product catalogue fast). */
export const CATALOGUE_PAGE_SIZE = 48;

export interface ProductListParams {
  q: string;
  sort: ProductSort;
  page: number;
}

/** GET /api/products: one page of active products matching `q` (title, ASIN, SKU, category). */
export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductList> {
  const search = new URLSearchParams({
    sort: params.sort,
    page: String(params.page),
    per_page: String(CATALOGUE_PAGE_SIZE),
  });
  if (params.q) search.set('q', params.q);
  return apiClient.get<ProductList>(`/api/products?${search.toString()}`, { signal });
}
