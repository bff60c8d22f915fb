import { productSchema, type Product } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/products/:asin: one active product; 404 PRODUCT_NOT_FOUND otherwise. */
export function getProduct(asin: string, signal?: AbortSignal): Promise<Product> {
  return apiClient.get(`/api/products/${encodeURIComponent(asin)}`, { schema: productSchema, signal });
}
