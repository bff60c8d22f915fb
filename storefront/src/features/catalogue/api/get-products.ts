import type { Product, ProductList } from '@supply-hub/api/contracts';
import { catalogueProductsPath, type ProductSort } from '@supply-hub/api/contracts/products.rules';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { takePrefetchedProducts } from './prefetch-products';
import { productKeys } from './product-keys';

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

function uniqueById(products: readonly Product[]): Product[] {
  const seen = new Set<string>();
  return products.filter((product) => !seen.has(product.id) && Boolean(seen.add(product.id)));
}

/** The products of every page loaded so far, each once (a product may move between pages). */
export function productsOf(data: InfiniteData<ProductList> | undefined): Product[] {
  return uniqueById(data?.pages.flatMap((page) => page.data) ?? []);
}

/**
 * The catalogue, one server page at a time ('Load more'): a 10,000-product catalogue renders 48
 * cards, not 10,000. An invalidation (products changed) refetches the pages already shown; while a
 * new search loads, the previous products stay (dimmed).
 */
export function useProducts(q: string, sort: ProductSort) {
  return useInfiniteQuery({
    queryKey: productKeys.list({ q, sort }),
    queryFn: ({ pageParam, signal }) => {
      const params = { q, sort, page: pageParam };
      return (pageParam === 1 && takePrefetchedProducts(params, signal)) || getProducts(params, signal);
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) =>
      pages.reduce((count, page) => count + page.data.length, 0) < lastPage.total ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}
