import {
  SUPPLIER_SCORECARD_CSV_FIELDS,
  supplierScorecardQuerySchema,
  type SupplierScorecard,
  type SupplierScorecardQuery,
} from '../../contracts/supplier-scorecard.js';
import { readForReport, type ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './supplier-scorecard.queries.js';
import { scorecardCsvFileName, scorecardCsvRow, scorecardRow, wholeMonthsOf } from './supplier-scorecard.rules.js';

/** from, to (and format) from the query string; a refusal names the first problem. */
export function parseScorecardQuery(raw: unknown): SupplierScorecardQuery {
  const parsed = supplierScorecardQuerySchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'query'] ??= issue.message;
  const [first] = parsed.error.issues;
  const isDateProblem = first?.path[0] === 'from' || first?.path[0] === 'to';
  throw AppError.badRequest(
    isDateProblem ? 'REPORT_INVALID_RANGE' : 'VALIDATION_FAILED',
    first?.message ?? 'The scorecard request is not valid.',
    errors,
  );
}

/** GET /api/reports/suppliers: the scorecard per supplier identity and month sent, over whole months. */
export async function supplierScorecard(
  ctx: ServiceContext,
  query: SupplierScorecardQuery,
): Promise<SupplierScorecard> {
  const months = wholeMonthsOf(query);
  const counts = await readForReport(ctx, (db) =>
    queries.selectScorecardCounts(db, {
      from: months.from,
      to: months.to,
      now: ctx.now(),
      defaultIdentity: ctx.config.supplier.identity,
    }),
  );
  return { from: months.from, to: months.to, rows: counts.map(scorecardRow) };
}

/** The same rows as CSV (suppliers-{timestamp}.csv), the export audited like the other reports'. */
export async function exportSupplierScorecard(
  ctx: ServiceContext,
  query: SupplierScorecardQuery,
): Promise<{ fileName: string; csv: string }> {
  const scorecard = await supplierScorecard(ctx, query);
  await recordAudit(ctx, {
    action: 'report.export',
    targetType: 'report',
    targetId: 'suppliers',
    details: { slice: 'suppliers', from: query.from, to: query.to, rows: scorecard.rows.length },
  });
  return {
    fileName: scorecardCsvFileName(ctx.now()),
    csv: toSpreadsheetSafeCsv(scorecard.rows.map(scorecardCsvRow), SUPPLIER_SCORECARD_CSV_FIELDS),
  };
}
