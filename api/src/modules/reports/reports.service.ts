import type { z } from 'zod';

import {
  DASHBOARD_TOP_ITEMS,
  REPORT_JSON_ROW_LIMIT,
  dashboardRequestSchema,
  reportQueryRequestSchema,
  type DashboardCards,
  type ReorderRow,
  type ReportData,
  type ReportQueryRequest,
  type ReportSlice,
  type TopProductRow,
} from '../../contracts/reports.js';
import { readForReport, type ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { listLevelsWithoutApprover } from '../approvals/approvals.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { committedByDepartment } from '../budgets/budget-vs-actual.service.js';
import { reportTimezone } from './report-timezone.js';
import * as queries from './reports.queries.js';
import {
  overviewSlice,
  overviewTotals,
  regionMap,
  regionRows,
  resolveDashboardRange,
  todayIn,
  type DayTotalsRow,
  type StateTotalsRow,
} from './reports.rules.js';

const DATE_FIELDS = new Set(['filters', 'start_date', 'end_date', 'from', 'to']);

/**
 * Parses a report request; a refusal carries the first problem as its message (the screens show it),
 * REPORT_INVALID_RANGE when it is about the dates.
 */
export function parseReportRequest<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  const [first] = parsed.error.issues;
  const isDateProblem = DATE_FIELDS.has(String(first?.path[0]));
  throw AppError.badRequest(
    isDateProblem ? 'REPORT_INVALID_RANGE' : 'VALIDATION_FAILED',
    first?.message ?? 'The report request is not valid.',
    errors,
  );
}

export function parseReportQuery(raw: unknown): ReportQueryRequest {
  return parseReportRequest(reportQueryRequestSchema, raw);
}

interface SliceRequest {
  slice: ReportSlice;
  view?: 'map' | 'table';
  range: { from: string; to: string };
}

async function readSlice(db: Db, { slice, view, range }: SliceRequest, limit?: number): Promise<ReportData> {
  switch (slice) {
    case 'overview':
      return [overviewSlice(range, await queries.selectReportRows<DayTotalsRow>(db, 'dailyTotals', range))];
    case 'by_region': {
      const states = await queries.selectReportRows<StateTotalsRow>(db, 'byState', range);
      return view === 'map' ? regionMap(states) : regionRows(states);
    }
    case 'top_products':
      return queries.selectReportRows<TopProductRow>(db, 'topProducts', range, limit);
    case 'reorders':
      return queries.selectReportRows<ReorderRow>(db, 'reorders', range, limit);
  }
}

/** POST /api/reports/query with format json: one slice for whole days of the company timezone. */
export async function queryReport(ctx: ServiceContext, request: ReportQueryRequest): Promise<ReportData> {
  return readForReport(ctx, (db) =>
    readSlice(db, { slice: request.slice, view: request.view, range: request.filters }, REPORT_JSON_ROW_LIMIT),
  );
}

/** The dashboard's cards (or, given a slice, that slice) for start_date..end_date, default the last 30 days. */
export async function dashboardReport(ctx: ServiceContext, raw: unknown): Promise<DashboardCards | ReportData> {
  const input = parseReportRequest(dashboardRequestSchema, raw);
  const today = todayIn(await reportTimezone(ctx.db), ctx.now());
  const range = resolveDashboardRange(input, today);
  const { slice, view } = input;
  if (slice) return readForReport(ctx, (db) => readSlice(db, { slice, view, range }, REPORT_JSON_ROW_LIMIT));
  const [[days, topItems], levelsWithoutApprover, departmentSpend] = await Promise.all([
    readForReport(ctx, (db) =>
      Promise.all([
        queries.selectReportRows<DayTotalsRow>(db, 'dailyTotals', range),
        queries.selectReportRows<TopProductRow>(db, 'topProducts', range, DASHBOARD_TOP_ITEMS),
      ]),
    ),
    // Approval settings are not report data: read where they are written.
    listLevelsWithoutApprover(ctx),
    // As budgets count it, from their running totals: the figures of Budget vs actual.
    committedByDepartment(ctx),
  ]);
  return {
    start_date: range.from,
    end_date: range.to,
    overview: overviewTotals(days),
    department_spend: departmentSpend,
    top_items: topItems,
    approval_levels_without_approver: levelsWithoutApprover,
  };
}

/**
 * Recomputes the rollups from orders and order_items, and the order counts per status and
 * department, set-based (after a bulk load with triggers off, or a TRUNCATE).
 */
export async function rebuildReportRollups(
  ctx: ServiceContext,
): Promise<{ order_rows: number; product_rows: number; orders_counted: number; duration_ms: number }> {
  const startedAt = performance.now();
  const rows = await ctx.db.transaction(async (trx) => {
    // Orders first, as every write of an order locks them before its triggers lock the rollups.
    const ordersCounted = await queries.recountOrders(trx);
    const rebuilt = { ...(await queries.rebuildRollups(trx)), orders_counted: ordersCounted };
    await recordAudit(ctx, { action: 'report.rollups_rebuild', targetType: 'report', details: { ...rebuilt } }, trx);
    return rebuilt;
  });
  const result = { ...rows, duration_ms: Math.round(performance.now() - startedAt) };
  ctx.log.info(result, 'report rollups rebuilt');
  return result;
}
