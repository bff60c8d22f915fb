import type { BudgetVsActualRow } from './budgets.js';

/** The dashboard lists the departments that have committed this much of their budget or more. */
export const BUDGET_WATCH_PERCENT = 80;

export function isBudgetOverWatch(row: Pick<BudgetVsActualRow, 'used_percent'>): boolean {
  return row.used_percent !== null && row.used_percent >= BUDGET_WATCH_PERCENT;
}
