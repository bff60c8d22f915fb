import type { ProductList } from '@supply-hub/api/contracts';
import { catalogueProductsPath, type ProductSort } from '@supply-hub/api/contracts/products.rules';

import { apiClient } from '../../../lib/api-client';

export interface ProductListParams {
  q: string;
  sort: ProductSort;
  page: number;
}

/**
 * GET /api/products: one page of active products matching `q` (title, ASIN, SKU, category). The
 * server preloads the first page of /catalog under the same address; the request must match it
 * (no extra headers) for the browser to use the preloaded answer.
 */
export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductList> {
  return apiClient.get<ProductList>(catalogueProductsPath(params), { signal, preloadable: true });
}
