import { listedOrderSchema, type ListedOrder } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

const orderListSchema = listedOrderSchema.array();

/**
 * GET /api/orders: the caller's own orders, or an admin's view of everyone's latest 50, newest first
 * (every status: the tabs filter here). Each sent order carries its fulfilment in brief, so the
 * cards' progress lines need no request per order.
 */
export async function getOrders(signal?: AbortSignal): Promise<ListedOrder[]> {
  const body = await apiClient.get<{ data: unknown }>('/api/orders', { signal });
  return orderListSchema.parse(body.data);
}

/**
 * The user's own orders. Refetched when the server says one of them changed (an admin approved or
 * rejected it, the supplier confirmed or shipped it: app/realtime-invalidation) and after a
 * submission; a failed refetch keeps them on screen.
 */
export function useOrders() {
  return useQuery({ queryKey: orderKeys.list(), queryFn: ({ signal }) => getOrders(signal) });
}
