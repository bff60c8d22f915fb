import { productSchema, type Product } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/products/:id/image (admins, multipart field 'image'): the product with its new image_url. */
export function uploadProductImage(productId: string, file: File): Promise<Product> {
  const form = new FormData();
  form.append('image', file);
  return apiClient.post(`/api/admin/products/${encodeURIComponent(productId)}/image`, form, { schema: productSchema });
}
