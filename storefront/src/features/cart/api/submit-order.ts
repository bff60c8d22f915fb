import type { Order } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';
import type { CartLineInput } from './replace-cart';

/**
 * POST /api/orders: a pending order from ASINs and quantities (the server prices it). The same
 * Idempotency-Key answers the same order (200) instead of creating a second one (201).
 */
export function submitOrder(lines: readonly CartLineInput[], idempotencyKey: string): Promise<Order> {
  return apiClient.post<Order>('/api/orders', { lines }, { headers: { 'Idempotency-Key': idempotencyKey } });
}
