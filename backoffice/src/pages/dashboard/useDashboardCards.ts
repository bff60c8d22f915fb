import { useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';

import { fetchDashboardCards } from '../reports/reportsApi';

/** The dashboard's report cards: GET /api/reports/dashboard, its default range (the last 30 days). */
export function useDashboardCards() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useQuery({
    queryKey: ['reports', 'dashboard'],
    queryFn: async ({ signal }) => {
      try {
        return await fetchDashboardCards(signal);
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    retry: false,
  });
}
