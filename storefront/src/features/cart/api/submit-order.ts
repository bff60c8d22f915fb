import type { Order, OrderSubmission } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';
import { EMPTY_CART, idempotencyKeyFor, isCartEmpty, toLineInputs } from '../cart.rules';
import { CART_MUTATION, cartKeys } from './cart-keys';
import { loadServerCart } from './get-cart';
import type { CartLineInput } from './replace-cart';

/** What a submission may add to the cart's lines: `urgent` makes it a STAT order; `delivery_note` goes to the supplier. */
export type OrderExtras = Pick<OrderSubmission, 'urgent'> & Partial<Pick<OrderSubmission, 'delivery_note'>>;

/**
 * POST /api/orders: a pending order from ASINs and quantities (the server prices it). The same
 * Idempotency-Key answers the same order (200) instead of creating a second one (201).
 */
export function submitOrder(
  lines: readonly CartLineInput[],
  idempotencyKey: string,
  supplierItemIds: readonly string[] = [],
  extras: OrderExtras = {},
): Promise<Order> {
  const body = {
    ...(supplierItemIds.length > 0 ? { lines, supplier_item_ids: supplierItemIds } : { lines }),
    ...(extras.urgent ? { urgent: extras.urgent } : {}),
    ...(extras.delivery_note?.trim() ? { delivery_note: extras.delivery_note.trim() } : {}),
  };
  return apiClient.post<Order>('/api/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Submits exactly the cart the server holds, once every change queued before it has landed. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    ...CART_MUTATION,
    mutationFn: async (extras: OrderExtras = {}) => {
      const cart = await loadServerCart(queryClient);
      if (isCartEmpty(cart)) throw new ApiError(400, 'CART_EMPTY', 'Cart is empty');
      const supplierItemIds = cart.supplier_items.map((item) => item.id);
      return submitOrder(toLineInputs(cart), idempotencyKeyFor(cart), supplierItemIds, extras);
    },
    // The server emptied the cart in the same transaction; the refetch below confirms it.
    onSuccess: () => queryClient.setQueryData(cartKeys.all, EMPTY_CART),
    // Not awaited: the submission's answer (toast, navigation) does not wait for the refetches.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
