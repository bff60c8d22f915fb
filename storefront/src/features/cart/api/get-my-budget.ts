import type { MyBudget } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

export const myBudgetKey = ['me', 'budget'] as const;

/** GET /api/me/budget: the department's budget this period, or null when none applies. */
export function getMyBudget(signal?: AbortSignal): Promise<MyBudget> {
  return apiClient.get<MyBudget>('/api/me/budget', { signal });
}

/** Read again each time the cart opens: other people of the department spend it too. */
export function useMyBudget() {
  return useQuery({ queryKey: myBudgetKey, queryFn: ({ signal }) => getMyBudget(signal), staleTime: 0 });
}
