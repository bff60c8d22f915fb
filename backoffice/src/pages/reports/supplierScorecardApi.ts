import type { ScorecardMeasure, SupplierScorecard } from '@supply-hub/api/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';

import type { ReportRange } from './reportRange';
import { send } from './reportsApi';

/** The reports screen's tab (?tab=suppliers). */
export const SUPPLIERS_TAB = 'suppliers';
export const SUPPLIERS_URL = '/api/reports/suppliers';

function withRange(range: ReportRange, format?: 'csv'): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, ...(format ? { format } : {}) });
  return `${SUPPLIERS_URL}?${query.toString()}`;
}

/** The CSV export's address, a plain link: the browser downloads suppliers-<timestamp>.csv. */
export function supplierScorecardExportUrl(range: ReportRange): string {
  return withRange(range, 'csv');
}

/** The orders list showing exactly the orders one figure counts. */
export function scorecardOrdersLink(measure: ScorecardMeasure, supplier: string, month: string) {
  const filter = { scorecard: measure, supplier, sent_month: month };
  return { pathname: '/orders', search: `?${new URLSearchParams({ filter: JSON.stringify(filter) })}` };
}

/** The scorecard for a range; an expired session goes to sign-in. */
export function useSupplierScorecard(range: ReportRange) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useQuery({
    queryKey: ['reports', SUPPLIERS_TAB, range.from, range.to],
    queryFn: async ({ signal }) => {
      try {
        const response = await send(withRange(range), { method: 'GET', signal });
        return ((await response.json()) as { data: SupplierScorecard }).data;
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    retry: false,
    placeholderData: keepPreviousData,
  });
}
