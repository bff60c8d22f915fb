import { orderDetailSchema, type OrderDetail } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** GET /api/orders/:id: one of the caller's orders with its fulfilment (quantities, shipments, timeline). */
export function getOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiClient.get(`/api/orders/${encodeURIComponent(id)}`, { signal, schema: orderDetailSchema });
}

/** Refetched with every other order query when the server says the order changed (app/realtime-invalidation). */
export function useOrderDetail(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: isEnabled,
  });
}
