import {
  cartSchema,
  countAnswerSchema,
  orderSchema,
  type Cart,
  type CountAnswer,
  type CountLine,
  type Order,
} from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { useRefreshCart } from '../../cart';
import { orderKeys } from '../../orders';

/** POST /api/locations/:id/counts: records the count, answers its top-up in packs. */
export function recordCount(locationId: string, counts: CountLine[]): Promise<CountAnswer> {
  return apiClient.post(
    `/api/locations/${encodeURIComponent(locationId)}/counts`,
    { counts },
    { schema: countAnswerSchema },
  );
}

/** POST /api/locations/:id/counts/:countId/add-to-cart: the top-up goes into the caller's cart. */
export function addCountToCart(locationId: string, countId: string): Promise<Cart> {
  return apiClient.post(
    `/api/locations/${encodeURIComponent(locationId)}/counts/${encodeURIComponent(countId)}/add-to-cart`,
    undefined,
    { schema: cartSchema },
  );
}

/**
 * POST /api/locations/:id/counts/:countId/order: the top-up submitted as an order for the location
 * (once; the budget and approval rules apply).
 */
export function submitCountAsOrder(locationId: string, countId: string): Promise<Order> {
  return apiClient.post(
    `/api/locations/${encodeURIComponent(locationId)}/counts/${encodeURIComponent(countId)}/order`,
    undefined,
    { schema: orderSchema },
  );
}

/** Where the top-up goes: the cart, the location's order, or nowhere (the count alone is saved). */
export type TopUpMode = 'cart' | 'order' | 'count-only';

/**
 * One tap: the count is recorded, then its top-up lands in the cart (which the shell then shows)
 * or is submitted as the location's order.
 */
export function useCountAndTopUp(locationId: string) {
  const refreshCart = useRefreshCart();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ counts, mode }: { counts: CountLine[]; mode: TopUpMode }) => {
      const count = await recordCount(locationId, counts);
      if (count.lines.length === 0 || mode === 'count-only') return { count, order: null, mode };
      if (mode === 'order') return { count, order: await submitCountAsOrder(locationId, count.id), mode };
      await addCountToCart(locationId, count.id);
      return { count, order: null, mode };
    },
    onSuccess: ({ order, mode }) => {
      if (order) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      else if (mode === 'cart') refreshCart();
    },
  });
}
