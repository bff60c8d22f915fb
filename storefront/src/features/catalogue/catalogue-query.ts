import { catalogueQueryOf, type ProductSort } from '@supply-hub/api/contracts/products.rules';

import type { ProductListParams } from './api/get-products';
import { prefetchProducts } from './api/prefetch-products';

/** The sort in the address (?sort=); Name A–Z when it is missing or unknown. */
export function readSort(params: URLSearchParams): ProductSort {
  return catalogueQueryOf(params).sort;
}

/** The first page /catalog asks for with this address: its search and sort. */
export function firstPageOf(params: URLSearchParams): ProductListParams {
  return { ...catalogueQueryOf(params), page: 1 };
}

/** Called at start-up on /catalog: its products load alongside the session instead of after it. */
export function prefetchCatalogue(search: string): void {
  prefetchProducts(firstPageOf(new URLSearchParams(search)));
}
