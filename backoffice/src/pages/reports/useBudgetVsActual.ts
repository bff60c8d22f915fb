import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';

import { fetchBudgetVsActual } from './budgetVsActualApi';

/** The Budget vs actual report for a month (undefined: the current one); an expired session goes to sign-in. */
export function useBudgetVsActual(month: string | undefined) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useQuery({
    queryKey: ['reports', 'budget_vs_actual', month ?? 'current'],
    queryFn: async ({ signal }) => {
      try {
        return await fetchBudgetVsActual(month, signal);
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    retry: false,
    placeholderData: keepPreviousData,
  });
}
