import { REPORT_DEFAULT_RANGE_DAYS, addDays, dateRangeProblem } from '../../contracts/reports.js';
import {
  STAT_ORDERS_CSV_FIELDS,
  statOrdersQuerySchema,
  type StatOrdersQuery,
  type StatOrdersReport,
} from '../../contracts/stat-orders.js';
import { readForReport, type ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { reportTimezone } from './report-timezone.js';
import { parseReportRequest } from './reports.service.js';
import { selectStatOrdersByDepartmentAndReason } from './stat-orders.queries.js';
import { statOrdersByDepartment, todayIn } from './stat-orders.rules.js';

/** from, to (and format) from the query string, refused as the other reports refuse. */
export function parseStatOrdersQuery(raw: unknown): StatOrdersQuery {
  return parseReportRequest(statOrdersQuerySchema, raw);
}

/**
 * GET /api/reports/stat-orders: how often each department placed a STAT order, and why, over whole
 * days in the company's timezone (default the last 30 days).
 */
export async function statOrdersReport(ctx: ServiceContext, query: StatOrdersQuery): Promise<StatOrdersReport> {
  return readForReport(ctx, async (db) => {
    const timezone = await reportTimezone(db);
    const to = query.to ?? todayIn(ctx.now(), timezone);
    const from = query.from ?? addDays(to, -(REPORT_DEFAULT_RANGE_DAYS - 1));
    const problem = dateRangeProblem(from, to);
    if (problem) throw AppError.badRequest('REPORT_INVALID_RANGE', problem, { to: problem });
    const read = await selectStatOrdersByDepartmentAndReason(db, { from, to, timezone });
    const rows = read.map((row) => ({ ...row, last_ordered_at: new Date(row.last_ordered_at).toISOString() }));
    return {
      from,
      to,
      total_orders: rows.reduce((sum, row) => sum + row.orders, 0),
      by_department: statOrdersByDepartment(rows),
      rows,
    };
  });
}

/** The rows as CSV (stat-orders-<from>-to-<to>.csv), the export audited like the other reports'. */
export async function exportStatOrders(
  ctx: ServiceContext,
  query: StatOrdersQuery,
): Promise<{ fileName: string; csv: string }> {
  const report = await statOrdersReport(ctx, query);
  await recordAudit(ctx, {
    action: 'report.export',
    targetType: 'report',
    targetId: 'stat_orders',
    details: { slice: 'stat_orders', from: report.from, to: report.to, rows: report.rows.length },
  });
  return {
    fileName: `stat-orders-${report.from}-to-${report.to}.csv`,
    csv: toSpreadsheetSafeCsv(report.rows, STAT_ORDERS_CSV_FIELDS),
  };
}
