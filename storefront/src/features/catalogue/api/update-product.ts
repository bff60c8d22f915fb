import { productSchema, type Product, type ProductUpdateInput } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** PUT /api/admin/products/:id (admins): 400 with field errors, 409 DUPLICATE_SKU. */
export function updateProduct(productId: string, input: ProductUpdateInput): Promise<Product> {
  return apiClient.put(`/api/admin/products/${encodeURIComponent(productId)}`, input, { schema: productSchema });
}
