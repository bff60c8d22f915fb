import type { LocationCount, ParReview } from '../../contracts/locations.js';
import type { ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import * as counts from './counts.queries.js';
import { locationNotFound } from './locations-admin.service.js';
import * as queries from './locations.queries.js';
import { PAR_REVIEW_DAYS, parSuggestion } from './par-review.rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The par review of a location: its stock list against the last 90 days of counts. */
export async function getParReview(ctx: ServiceContext, id: string): Promise<ParReview> {
  const location = await queries.selectLocation(ctx.db, id);
  if (!location) throw locationNotFound();
  const since = new Date(ctx.now().getTime() - PAR_REVIEW_DAYS * DAY_MS);
  const review = await counts.selectParReview(ctx.db, id, since);
  return {
    location_id: id,
    since: since.toISOString(),
    counts: review.counts,
    lines: review.rows.map((row) => ({
      ...row,
      avg_on_hand: row.avg_on_hand === null ? null : Number(row.avg_on_hand),
      suggestion: parSuggestion({
        par: row.par,
        counts: row.counts,
        ordered: row.ordered_on_counts,
        min_on_hand: row.min_on_hand,
      }),
    })),
  };
}

const CSV_FIELDS = [
  'asin',
  'title',
  'par',
  'reorder_point',
  'pack_size',
  'counts',
  'ordered_on_counts',
  'min_on_hand',
  'avg_on_hand',
  'units_ordered',
  'suggestion',
] as const;

/** The par review as a spreadsheet-safe CSV download. */
export async function exportParReview(ctx: ServiceContext, id: string): Promise<{ fileName: string; csv: string }> {
  const review = await getParReview(ctx, id);
  return {
    fileName: `par-review-${id.slice(0, 8)}-${ctx.now().toISOString().slice(0, 10)}.csv`,
    csv: toSpreadsheetSafeCsv(review.lines, CSV_FIELDS),
  };
}

/** The latest counts shown on a location's page in the back office. */
const COUNT_HISTORY_LIMIT = 50;

/** GET /api/admin/locations/:id/counts: who counted what and when, and what each count became. */
export async function listLocationCounts(ctx: ServiceContext, id: string): Promise<LocationCount[]> {
  if (!(await queries.selectLocation(ctx.db, id))) throw locationNotFound();
  const rows = await counts.selectLocationCounts(ctx.db, id, COUNT_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    counted_at: new Date(row.counted_at).toISOString(),
    counted_by: row.counted_by,
    outcome: row.order_number ? 'order' : row.added_to_cart_at ? 'cart' : null,
    order_number: row.order_number,
    packs: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    lines: row.lines,
  }));
}
