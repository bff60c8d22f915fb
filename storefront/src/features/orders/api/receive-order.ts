import type { OrderFulfilment, ReceiptRequest } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

type ReceiptLine = Pick<ReceiptRequest['lines'][number], 'line_number' | 'quantity'> &
  Partial<Omit<ReceiptRequest['lines'][number], 'line_number' | 'quantity'>>;

/** POST /api/orders/:id/receipts: what arrived; answers the order's fulfilment. */
export function receiveOrder(orderId: string, lines: ReceiptLine[]): Promise<OrderFulfilment> {
  return apiClient.post<OrderFulfilment>(`/api/orders/${encodeURIComponent(orderId)}/receipts`, { lines });
}

export function useReceiveOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: ReceiptLine[]) => receiveOrder(orderId, lines),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
