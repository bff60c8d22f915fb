import type { Cart } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

export interface CartLineInput {
  asin: string;
  quantity: number;
}

/** PUT /api/cart: replaces every line (a quantity of 0 or less drops it); 400 PRODUCT_NOT_IN_CATALOG. */
export function replaceCart(items: readonly CartLineInput[]): Promise<Cart> {
  return apiClient.put<Cart>('/api/cart', { items });
}
