import { orderSchema, type Order } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

const orderListSchema = orderSchema.array();

/**
 * GET /api/orders: the caller's own orders, or an admin's view of everyone's latest 50, newest first
 * (every status: the tabs filter here).
 */
export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  const body = await apiClient.get<{ data: unknown }>('/api/orders', { signal });
  return orderListSchema.parse(body.data);
}
