import type { Cart } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';
import type { CartLineInput } from './replace-cart';

/** POST /api/cart/items: adds to the line of that product, or starts one; 400 PRODUCT_NOT_IN_CATALOG. */
export function addCartItem(line: CartLineInput): Promise<Cart> {
  return apiClient.post<Cart>('/api/cart/items', line);
}
