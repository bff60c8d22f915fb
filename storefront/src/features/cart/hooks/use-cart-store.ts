import type { Cart, Order, Product } from '@supply-hub/api/contracts';
import { useMutationState } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useAddCartItem, useAddCartLines } from '../api/add-cart-item';
import { hasLanded, newCartChangeId } from '../api/cart-changes';
import { cartKeys } from '../api/cart-keys';
import { useCartQuery } from '../api/get-cart';
import { useReplaceCart, type CartLineInput } from '../api/replace-cart';
import { useSubmitOrder, type OrderExtras } from '../api/submit-order';
import { applyCartChange, EMPTY_CART, type CartChange } from '../cart.rules';
import type { CartStatus } from './use-cart';

function isCartChange(variables: unknown): variables is CartChange {
  return typeof variables === 'object' && variables !== null && 'type' in variables && 'id' in variables;
}

/**
 * The server-side cart (query ['cart']) with the changes still queued or on their way drawn on it:
 * optimistic, from each pending change's own variables. A refused change leaves the pending set, so
 * its preview disappears (the rollback) while the cache only ever holds what the server answered.
 */
export function useCartStore() {
  const query = useCartQuery();
  const pending = useMutationState({
    filters: { mutationKey: cartKeys.all, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  const { mutateAsync: add } = useAddCartItem();
  const { mutateAsync: addCartLines } = useAddCartLines();
  const { mutateAsync: replace } = useReplaceCart();
  const { mutateAsync: submit } = useSubmitOrder();
  const { refetch } = query;

  const addItem = useCallback(
    async (product: Product, quantity: number) =>
      void (await add({ id: newCartChangeId(), type: 'add', product, quantity })),
    [add],
  );
  const addLines = useCallback(
    async (lines: readonly CartLineInput[]) => (await addCartLines(lines)).result,
    [addCartLines],
  );
  const setQuantity = useCallback(
    async (asin: string, quantity: number) =>
      void (await replace({ id: newCartChangeId(), type: 'set', asin, quantity })),
    [replace],
  );
  const clear = useCallback(async () => void (await replace({ id: newCartChangeId(), type: 'clear' })), [replace]);
  const submitOrder = useCallback((extras?: OrderExtras): Promise<Order> => submit(extras ?? {}), [submit]);
  const reload = useCallback(() => void refetch(), [refetch]);

  // No pending change: the same object as before, so the context's consumers do not re-render.
  let cart: Cart = query.data ?? EMPTY_CART;
  for (const change of pending) {
    if (isCartChange(change) && !hasLanded(change.id)) cart = applyCartChange(cart, change);
  }
  const status: CartStatus = query.isError ? 'error' : query.isPending ? 'loading' : 'ready';

  return { cart, status, reload, addItem, addLines, setQuantity, clear, submitOrder };
}
