import type { BudgetVsActual } from '@supply-hub/api/contracts';

import { send } from './reportsApi';

/** The reports screen's tab (?tab=budget_vs_actual), where the dashboard's list links. */
export const BUDGET_VS_ACTUAL_TAB = 'budget_vs_actual';

export const BUDGET_VS_ACTUAL_URL = '/api/admin/reports/budget-vs-actual';
export const BUDGET_VS_ACTUAL_EXPORT_URL = '/api/admin/report-exports/budget-vs-actual';

function withMonth(url: string, month: string | undefined): string {
  return month ? `${url}?${new URLSearchParams({ month }).toString()}` : url;
}

/** The Budget vs actual report for the periods containing `month` ('YYYY-MM'; the server's current month without). */
export async function fetchBudgetVsActual(month: string | undefined, signal?: AbortSignal): Promise<BudgetVsActual> {
  const response = await send(withMonth(BUDGET_VS_ACTUAL_URL, month), { method: 'GET', signal });
  return (await response.json()) as BudgetVsActual;
}

/** The CSV export's address, a plain link: the browser downloads budget-vs-actual-<month>.csv. */
export function budgetVsActualExportUrl(month: string | undefined): string {
  return withMonth(BUDGET_VS_ACTUAL_EXPORT_URL, month);
}
