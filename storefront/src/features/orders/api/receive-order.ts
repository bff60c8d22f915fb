import type { OrderFulfilment } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import type { ReceiptLineInput } from '../receipt-form.rules';
import { orderKeys } from './order-keys';

/** POST /api/orders/:id/receipts: what arrived; answers the order's fulfilment. */
export function receiveOrder(orderId: string, lines: ReceiptLineInput[]): Promise<OrderFulfilment> {
  return apiClient.post<OrderFulfilment>(`/api/orders/${encodeURIComponent(orderId)}/receipts`, { lines });
}

/** The own orders, the receiving list and the order's detail all show what arrived: all are refetched. */
export function useReceiveOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: ReceiptLineInput[]) => receiveOrder(orderId, lines),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
