import { adminProductSchema, type Product, type ProductUpdateInput } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { productKeys } from './product-keys';
import { useSetProductData } from './set-product-data';

/** PUT /api/admin/products/:id (admins): 400 with field errors, 409 DUPLICATE_SKU. */
export function updateProduct(productId: string, input: ProductUpdateInput): Promise<Product> {
  return apiClient.put(`/api/admin/products/${encodeURIComponent(productId)}`, input, { schema: adminProductSchema });
}

/** Saves an admin's edit: the saved product is shown at once, and every product query is read again. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const setProductData = useSetProductData();
  return useMutation({
    mutationFn: ({ productId, input }: { productId: string; input: ProductUpdateInput }) =>
      updateProduct(productId, input),
    onSuccess: (product) => {
      setProductData(product);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
