import { adminProductSchema, type Product } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { announceImageUpdated } from '../image-updated-event';
import { useSetProductData } from './set-product-data';

/** POST /api/admin/products/:id/image (admins, multipart field 'image'): the product with its new image_url. */
export function uploadProductImage(productId: string, file: File): Promise<Product> {
  const form = new FormData();
  form.append('image', file);
  return apiClient.post(`/api/admin/products/${encodeURIComponent(productId)}/image`, form, {
    schema: adminProductSchema,
  });
}

/**
 * Uploads a product's image: the answer is shown at once, and the browser's 'image-updated' event
 * invalidates the catalogue (debounced with the server's own 'product.changed', one refetch for both).
 */
export function useUploadProductImage() {
  const setProductData = useSetProductData();
  return useMutation({
    mutationFn: ({ productId, file }: { productId: string; file: File }) => uploadProductImage(productId, file),
    onSuccess: (product) => {
      setProductData(product);
      announceImageUpdated(product);
    },
  });
}
