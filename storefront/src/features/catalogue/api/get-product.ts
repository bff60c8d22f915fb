import { productSchema, type Product } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** GET /api/products/:asin: one active product; 404 PRODUCT_NOT_FOUND otherwise. */
export function getProduct(asin: string, signal?: AbortSignal): Promise<Product> {
  return apiClient.get(`/api/products/${encodeURIComponent(asin)}`, { schema: productSchema, signal });
}

/** One product by ASIN; invalidated with every product (an admin's edit, an image upload). */
export function useProduct(asin: string) {
  return useQuery({ queryKey: productKeys.detail(asin), queryFn: ({ signal }) => getProduct(asin, signal) });
}
