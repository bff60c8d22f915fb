import type { Cart } from '@supply-hub/api/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { cartKeys } from './cart-keys';

/** GET /api/cart: the caller's own cart, kept on the server. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiClient.get<Cart>('/api/cart', { signal });
}

export function useCartQuery() {
  return useQuery({ queryKey: cartKeys.all, queryFn: ({ signal }) => getCart(signal) });
}

/**
 * The cart as the server last answered: what the next queued change starts from. Read first when
 * nothing has answered yet (a change, or the ?qa=1 submission, right after the page opened).
 */
export function loadServerCart(queryClient: QueryClient): Promise<Cart> {
  return queryClient.ensureQueryData({ queryKey: cartKeys.all, queryFn: ({ signal }) => getCart(signal) });
}

/** Before a change: a read still on its way would land after it and show the older cart. */
export function cancelCartRead(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ queryKey: cartKeys.all });
}

/** After a refused change: if it cancelled the very first read, read the cart now. */
export function readCartIfMissing(queryClient: QueryClient): void {
  if (queryClient.getQueryData(cartKeys.all) === undefined) {
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  }
}
