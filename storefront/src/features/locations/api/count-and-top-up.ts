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
import { useRef } from 'react';

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
export function submitCountAsOrder(
  locationId: string,
  countId: string,
  extras: { urgent?: { reason: string }; delivery_note?: string } = {},
): Promise<Order> {
  const deliveryNote = extras.delivery_note?.trim();
  return apiClient.post(
    `/api/locations/${encodeURIComponent(locationId)}/counts/${encodeURIComponent(countId)}/order`,
    // `urgent` makes it a STAT order; without it the body stays empty, as before.
    extras.urgent || deliveryNote
      ? {
          ...(extras.urgent ? { urgent: extras.urgent } : {}),
          ...(deliveryNote ? { delivery_note: deliveryNote } : {}),
        }
      : undefined,
    { schema: orderSchema },
  );
}

/** Where the top-up goes: the cart, the location's order, or nowhere (the count alone is saved). */
export type TopUpMode = 'cart' | 'order' | 'count-only';

/**
 * One tap: the count is recorded, then its top-up lands in the cart (which the shell then shows)
 * or is submitted as the location's order. A top-up the server refused (a budget, a STAT reason
 * with patient details) leaves its count saved: tried again with the same counts, the saved count
 * is ordered, not counted a second time.
 */
export function useCountAndTopUp(locationId: string) {
  const refreshCart = useRefreshCart();
  const queryClient = useQueryClient();
  const unorderedCount = useRef<{ counts: string; count: CountAnswer } | null>(null);
  const recordOnce = async (counts: CountLine[]): Promise<CountAnswer> => {
    const key = JSON.stringify(counts);
    const saved = unorderedCount.current;
    if (saved?.counts === key) return saved.count;
    const count = await recordCount(locationId, counts);
    unorderedCount.current = { counts: key, count };
    return count;
  };
  return useMutation({
    mutationFn: async ({
      counts,
      mode,
      urgent,
      delivery_note,
    }: {
      counts: CountLine[];
      mode: TopUpMode;
      /** The order's STAT reason (mode 'order' only). */
      urgent?: { reason: string };
      /** Delivery instructions for the supplier (mode 'order' only). */
      delivery_note?: string;
    }) => {
      const count = await recordOnce(counts);
      if (count.lines.length === 0 || mode === 'count-only') {
        unorderedCount.current = null;
        return { count, order: null, mode };
      }
      if (mode === 'order') {
        const order = await submitCountAsOrder(locationId, count.id, { ...(urgent ? { urgent } : {}), delivery_note });
        unorderedCount.current = null;
        return { count, order, mode };
      }
      await addCountToCart(locationId, count.id);
      unorderedCount.current = null;
      return { count, order: null, mode };
    },
    onSuccess: ({ order, mode }) => {
      if (order) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      else if (mode === 'cart') refreshCart();
    },
  });
}
