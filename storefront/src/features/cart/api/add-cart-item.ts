import type { Cart } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient, isApiError } from '../../../lib/api-client';
import type { CartChange } from '../cart.rules';
import { landCartChange } from './cart-changes';
import { CART_MUTATION, cartKeys } from './cart-keys';
import { cancelCartRead, loadServerCart, readCartIfMissing } from './get-cart';
import type { CartLineInput } from './replace-cart';

/** POST /api/cart/items: adds to the line of that product, or starts one; 400 PRODUCT_NOT_IN_CATALOG. */
export function addCartItem(line: CartLineInput): Promise<Cart> {
  return apiClient.post<Cart>('/api/cart/items', line);
}

/** Adds a product; shown at once (the change's variables are its preview) and dropped if refused. */
export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    ...CART_MUTATION,
    mutationFn: (change: Extract<CartChange, { type: 'add' }>) =>
      addCartItem({ asin: change.product.asin, quantity: change.quantity }),
    onMutate: () => cancelCartRead(queryClient),
    onSuccess: (cart, change) => landCartChange(queryClient, change.id, cart),
    onError: () => readCartIfMissing(queryClient),
  });
}

export interface AddLinesResult {
  addedLines: number;
  addedItems: number;
  skippedLines: number;
}

/** Adds each line on its own ('Order again'); lines whose product left the catalogue are skipped and counted. */
export function useAddCartLines() {
  const queryClient = useQueryClient();
  return useMutation({
    ...CART_MUTATION,
    mutationFn: async (lines: readonly CartLineInput[]) => {
      let cart = await loadServerCart(queryClient);
      const result: AddLinesResult = { addedLines: 0, addedItems: 0, skippedLines: 0 };
      for (const line of lines) {
        try {
          cart = await addCartItem(line);
          result.addedLines += 1;
          result.addedItems += line.quantity;
        } catch (error) {
          if (!isApiError(error) || error.code !== 'PRODUCT_NOT_IN_CATALOG') throw error;
          result.skippedLines += 1;
        }
      }
      return { cart, result };
    },
    onMutate: () => cancelCartRead(queryClient),
    onSuccess: ({ cart }) => queryClient.setQueryData(cartKeys.all, cart),
    // Some lines may have landed before the failure: read the cart again.
    onError: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
