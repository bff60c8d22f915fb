import type { OrderFulfilment } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import type { ReceiptLineInput } from '../receipt-form.rules';
import { orderKeys } from './order-keys';

export interface ReceiptInput {
  lines: ReceiptLineInput[];
  /** Sent once the receiver has seen the short-shelf-life warning (409 RECEIPT_SHORT_SHELF_LIFE) and accepts. */
  confirmShortShelfLife?: boolean;
}

/** POST /api/orders/:id/receipts: what arrived; answers the order's fulfilment. */
export function receiveOrder(
  orderId: string,
  { lines, confirmShortShelfLife }: ReceiptInput,
): Promise<OrderFulfilment> {
  return apiClient.post<OrderFulfilment>(`/api/orders/${encodeURIComponent(orderId)}/receipts`, {
    lines,
    ...(confirmShortShelfLife ? { confirm_short_shelf_life: true } : {}),
  });
}

/** The own orders, the receiving list and the order's detail all show what arrived: all are refetched. */
export function useReceiveOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiptInput) => receiveOrder(orderId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** POST /api/orders/:id/receipts/in-full: what was shipped, and the units not shipped yet only when included. */
export function receiveOrderInFull(orderId: string, includeNotShipped: boolean): Promise<OrderFulfilment> {
  return apiClient.post<OrderFulfilment>(`/api/orders/${encodeURIComponent(orderId)}/receipts/in-full`, {
    include_not_shipped: includeNotShipped,
  });
}

export function useReceiveOrderInFull(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (includeNotShipped: boolean) => receiveOrderInFull(orderId, includeNotShipped),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
