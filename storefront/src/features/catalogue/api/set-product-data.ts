import type { Product, ProductList } from '@supply-hub/api/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';

import { productKeys } from './product-keys';

/**
 * Puts a product the server just returned (after an edit or an image upload) in every cached
 * list and its detail, so the screen shows it before the invalidation's refetch answers.
 */
export function useSetProductData(): (product: Product) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (product: Product) => {
      queryClient.setQueryData(productKeys.detail(product.asin), product);
      queryClient.setQueriesData<InfiniteData<ProductList>>({ queryKey: productKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((candidate) => (candidate.id === product.id ? product : candidate)),
              })),
            }
          : data,
      );
    },
    [queryClient],
  );
}
