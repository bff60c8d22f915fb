import type { Cart } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { setLineQuantity, toLineInputs, type CartChange } from '../cart.rules';
import { landCartChange } from './cart-changes';
import { CART_MUTATION } from './cart-keys';
import { cancelCartRead, loadServerCart, readCartIfMissing } from './get-cart';

export interface CartLineInput {
  asin: string;
  quantity: number;
}

/**
 * PUT /api/cart: replaces every catalogue line (a quantity of 0 or less drops it); 400
 * PRODUCT_NOT_IN_CATALOG. The supplier's lines stay unless `supplierItemIds` says which to keep.
 */
export function replaceCart(items: readonly CartLineInput[], supplierItemIds?: readonly string[]): Promise<Cart> {
  return apiClient.put<Cart>('/api/cart', supplierItemIds ? { items, supplier_item_ids: supplierItemIds } : { items });
}

/**
 * Sets a line's quantity (0 removes it) or clears the cart, on the cart the server holds once the
 * changes before it landed; shown at once and dropped if refused.
 */
export function useReplaceCart() {
  const queryClient = useQueryClient();
  return useMutation({
    ...CART_MUTATION,
    mutationFn: async (change: Extract<CartChange, { type: 'set' | 'clear' }>) =>
      replaceCart(
        change.type === 'clear'
          ? []
          : toLineInputs(setLineQuantity(await loadServerCart(queryClient), change.asin, change.quantity)),
        change.type === 'clear' ? [] : undefined,
      ),
    onMutate: () => cancelCartRead(queryClient),
    onSuccess: (cart, change) => landCartChange(queryClient, change.id, cart),
    onError: () => readCartIfMissing(queryClient),
  });
}
