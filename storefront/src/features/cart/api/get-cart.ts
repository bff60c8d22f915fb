import type { Cart } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/cart: the caller's own cart, kept on the server. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiClient.get<Cart>('/api/cart', { signal });
}
