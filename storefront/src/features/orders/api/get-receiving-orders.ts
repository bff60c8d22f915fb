import { receivingOrderListSchema, type ReceivingOrderList } from '@supply-hub/api/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { receivingKeys } from './receiving-keys';

export const RECEIVING_PAGE_SIZE = 20;

/** GET /api/receiving/orders: a page of the organisation's sent orders with something still to receive. */
export function getReceivingOrders(page: number, signal?: AbortSignal): Promise<ReceivingOrderList> {
  const search = new URLSearchParams({ page: String(page), per_page: String(RECEIVING_PAGE_SIZE) });
  return apiClient.get(`/api/receiving/orders?${search.toString()}`, { signal, schema: receivingOrderListSchema });
}

/** One page; the previous page stays on screen while the next loads. */
export function useReceivingOrders(page: number) {
  return useQuery({
    queryKey: receivingKeys.page(page),
    queryFn: ({ signal }) => getReceivingOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}
