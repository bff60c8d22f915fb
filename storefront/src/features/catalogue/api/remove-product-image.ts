import { adminProductSchema, type Product } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { announceImageUpdated } from '../image-updated-event';
import { useSetProductData } from './set-product-data';

/** DELETE /api/admin/products/:id/image (admins): the product without an image. */
export function removeProductImage(productId: string): Promise<Product> {
  return apiClient.delete(`/api/admin/products/${encodeURIComponent(productId)}/image`, { schema: adminProductSchema });
}

/** Removes a product's image; shown at once, the catalogue invalidated as after an upload. */
export function useRemoveProductImage() {
  const setProductData = useSetProductData();
  return useMutation({
    mutationFn: removeProductImage,
    onSuccess: (product) => {
      setProductData(product);
      announceImageUpdated(product);
    },
  });
}
