import {
  standingOrderListSchema,
  standingOrderSchema,
  type StandingOrder,
  type StandingOrderInput,
} from '@supply-hub/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

const standingOrderKeys = { all: ['standing-orders'] as const };

/** GET /api/standing-orders: the caller's own, with their next dates and latest occurrences. */
export function useStandingOrders() {
  return useQuery({
    queryKey: standingOrderKeys.all,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/standing-orders', { schema: standingOrderListSchema, signal })).data,
  });
}

/** POST /api/standing-orders (400 with field errors, 422 an item no longer sold). */
export function useCreateStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StandingOrderInput): Promise<StandingOrder> =>
      apiClient.post('/api/standing-orders', input, { schema: standingOrderSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}

/**
 * PUT /api/standing-orders/:id: the whole standing order as edited (400 with field errors, 422 an
 * item no longer sold). Resolves once the list is read again, so its card shows the change.
 */
export function useUpdateStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: StandingOrderInput }): Promise<StandingOrder> =>
      apiClient.put(`/api/standing-orders/${encodeURIComponent(id)}`, input, { schema: standingOrderSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}

/** POST /api/standing-orders/:id/pause or /resume. */
export function useSetPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }): Promise<StandingOrder> =>
      apiClient.post(`/api/standing-orders/${encodeURIComponent(id)}/${paused ? 'pause' : 'resume'}`, undefined, {
        schema: standingOrderSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}
