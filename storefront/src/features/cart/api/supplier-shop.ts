import type { Cart, PunchoutSession } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { CART_MUTATION, cartKeys } from './cart-keys';

/** POST /api/punchout/sessions: the supplier's start page for a new PunchOut shopping session. */
export function startSupplierShopping(): Promise<PunchoutSession> {
  return apiClient.post<PunchoutSession>('/api/punchout/sessions', {});
}

/** DELETE /api/cart/supplier-items/:id, in the cart's mutation scope like every cart change. */
export function useRemoveSupplierItem() {
  const queryClient = useQueryClient();
  return useMutation({
    ...CART_MUTATION,
    mutationFn: (id: string) => apiClient.delete<Cart>(`/api/cart/supplier-items/${encodeURIComponent(id)}`),
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
