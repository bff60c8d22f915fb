import { productSchema, type Product } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** DELETE /api/admin/products/:id/image (admins): the product without an image. */
export function removeProductImage(productId: string): Promise<Product> {
  return apiClient.delete(`/api/admin/products/${encodeURIComponent(productId)}/image`, { schema: productSchema });
}
