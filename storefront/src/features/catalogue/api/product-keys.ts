import type { ProductSort } from '@supply-hub/api/contracts/products.rules';

/** Query keys of the catalogue: a product change (server event, image upload) invalidates ['products']. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: { q: string; sort: ProductSort }) => [...productKeys.lists(), filters] as const,
  detail: (asin: string) => [...productKeys.all, 'detail', asin] as const,
};
