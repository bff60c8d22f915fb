import {
  BUDGET_VS_ACTUAL_CSV_FIELDS,
  type BudgetPeriod,
  type BudgetVsActual,
  type BudgetVsActualQuery,
  type BudgetVsActualRow,
} from '../../contracts/budgets.js';
import type { DepartmentSpend } from '../../contracts/reports.js';
import { readForReport, type ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './budgets.queries.js';
import { budgetFigures, budgetPeriodOfMonth, centsOf, moneyOf, monthAt } from './budgets.rules.js';

/**
 * The Budget vs actual report: per department, the period of its budget's kind that
 * contains the chosen month (default the current one), with the same sums as the submission check
 * and GET /api/me/budget. Departments without a budget are listed with the month's committed and spent.
 */
export async function budgetVsActual(ctx: ServiceContext, query: BudgetVsActualQuery): Promise<BudgetVsActual> {
  const { month, windows, rows } = await readForReport(ctx, async (db) => {
    const report = await reportWindows(db, ctx.now(), query);
    return { ...report, rows: await queries.selectBudgetVsActual(db, report.windows) };
  });
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

/** The month the report shows (default the current one) and the period of each kind containing it. */
async function reportWindows(db: Db, now: Date, query: BudgetVsActualQuery) {
  const timeZone = await queries.selectCompanyTimezone(db);
  const month = query.month ?? monthAt(now, timeZone);
  const windows = {
    month: budgetPeriodOfMonth('month', month, timeZone),
    quarter: budgetPeriodOfMonth('quarter', month, timeZone),
    year: budgetPeriodOfMonth('year', month, timeZone),
  } satisfies Record<BudgetPeriod, unknown>;
  return { month, windows };
}

/**
 * What each department of Budget vs actual has committed in the period that report shows for the
 * current month — its committed column, without the spent one (the dashboard's spend by department).
 */
export async function committedByDepartment(ctx: ServiceContext): Promise<DepartmentSpend> {
  const { month, windows, committed } = await readForReport(ctx, async (db) => {
    const report = await reportWindows(db, ctx.now(), {});
    return { ...report, committed: await queries.selectDepartmentsCommitted(db, report.windows) };
  });
  const rows = committed.map((row) => ({
    ...row,
    period_label: windows[row.period].label,
    committed: moneyOf(centsOf(row.committed)),
  }));
  const totalCents = rows.reduce((sum, row) => sum + centsOf(row.committed), 0);
  return { month, rows, total_committed: moneyOf(totalCents) };
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
