import {
  BUDGET_VS_ACTUAL_CSV_FIELDS,
  type BudgetPeriod,
  type BudgetVsActual,
  type BudgetVsActualQuery,
  type BudgetVsActualRow,
} from '../../contracts/budgets.js';
import type { ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './budgets.queries.js';
import { budgetFigures, budgetPeriodOfMonth, centsOf, moneyOf, monthAt } from './budgets.rules.js';

/**
 * The Budget vs actual report (issue 18 §2): per department, the period of its budget's kind that
 * contains the chosen month (default the current one), with the same sums as the submission check
 * and GET /api/me/budget. Departments without a budget are listed with the month's committed and spent.
 */
export async function budgetVsActual(ctx: ServiceContext, query: BudgetVsActualQuery): Promise<BudgetVsActual> {
  const timeZone = await queries.selectCompanyTimezone(ctx.db);
  const month = query.month ?? monthAt(ctx.now(), timeZone);
  const windows = {
    month: budgetPeriodOfMonth('month', month, timeZone),
    quarter: budgetPeriodOfMonth('quarter', month, timeZone),
    year: budgetPeriodOfMonth('year', month, timeZone),
  } satisfies Record<BudgetPeriod, unknown>;
  const rows = await queries.selectBudgetVsActual(ctx.db, windows);
  return {
    month,
    rows: rows.map((row): BudgetVsActualRow => {
      const window = windows[row.period];
      const figures = budgetFigures(centsOf(row.amount ?? '0'), centsOf(row.committed), centsOf(row.spent));
      const hasBudget = row.amount !== null;
      return {
        department_id: row.department_id,
        department_code: row.department_code,
        department_name: row.department_name,
        period: row.period,
        period_label: window.label,
        period_start: window.start.toISOString(),
        period_end: window.end.toISOString(),
        amount: hasBudget ? moneyOf(figures.amountCents) : null,
        committed: moneyOf(figures.committedCents),
        spent: moneyOf(figures.spentCents),
        remaining: hasBudget ? moneyOf(figures.remainingCents) : null,
        used_percent: hasBudget ? figures.usedPercent : null,
        policy: row.policy,
      };
    }),
  };
}

/** The same report as a spreadsheet-safe CSV (budget-vs-actual-<month>.csv), audited like the other exports. */
export async function exportBudgetVsActual(
  ctx: ServiceContext,
  query: BudgetVsActualQuery,
): Promise<{ fileName: string; csv: string }> {
  const report = await budgetVsActual(ctx, query);
  await recordAudit(ctx, {
    action: 'report.export',
    targetType: 'report',
    targetId: 'budget_vs_actual',
    details: { slice: 'budget_vs_actual', month: report.month, rows: report.rows.length },
  });
  return {
    fileName: `budget-vs-actual-${report.month}.csv`,
    csv: toSpreadsheetSafeCsv(report.rows, BUDGET_VS_ACTUAL_CSV_FIELDS),
  };
}
