import type { StatOrdersReport } from '@supply-hub/api/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';

import type { ReportRange } from './reportRange';
import { send } from './reportsApi';

/** The reports screen's tab (?tab=stat_orders). */
export const STAT_ORDERS_TAB = 'stat_orders';
export const STAT_ORDERS_URL = '/api/reports/stat-orders';

function withRange(range: ReportRange, format?: 'csv'): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, ...(format ? { format } : {}) });
  return `${STAT_ORDERS_URL}?${query.toString()}`;
}

/** The CSV export's address, a plain link: the browser downloads stat-orders-<from>-to-<to>.csv. */
export function statOrdersExportUrl(range: ReportRange): string {
  return withRange(range, 'csv');
}

/** The STAT orders report for a range; an expired session goes to sign-in. */
export function useStatOrders(range: ReportRange) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useQuery({
    queryKey: ['reports', STAT_ORDERS_TAB, range.from, range.to],
    queryFn: async ({ signal }) => {
      try {
        const response = await send(withRange(range), { method: 'GET', signal });
        return ((await response.json()) as { data: StatOrdersReport }).data;
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    retry: false,
    placeholderData: keepPreviousData,
  });
}
