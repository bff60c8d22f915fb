import { orderDetailSchema, type OrderDetail } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { receivingKeys } from './receiving-keys';

/**
 * Whose order a screen reads in full: the caller's own (GET /api/orders/:id) or, on the receiving
 * page, any sent order of the organisation (GET /api/receiving/orders/:id, logistics and admins).
 */
export type OrderScope = 'own' | 'receiving';

/** GET /api/orders/:id or GET /api/receiving/orders/:id: the order with its fulfilment (lines, lots, timeline). */
export function getOrder(id: string, scope: OrderScope, signal?: AbortSignal): Promise<OrderDetail> {
  const base = scope === 'own' ? '/api/orders' : '/api/receiving/orders';
  return apiClient.get(`${base}/${encodeURIComponent(id)}`, { signal, schema: orderDetailSchema });
}

/**
 * Read only when the user opens the order's delivery details (receiving per line, history); the
 * list carries the rest. Refetched with every other order query when the server says it changed.
 */
export function useOrderDetail(id: string, scope: OrderScope, isEnabled: boolean) {
  return useQuery({
    queryKey: scope === 'own' ? orderKeys.detail(id) : receivingKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, scope, signal),
    enabled: isEnabled,
  });
}
