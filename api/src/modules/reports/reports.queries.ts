import type { Db } from '../../database/connection.js';

/**
 * Every slice reads the daily rollups only (report_daily_orders, report_daily_products), never
 * orders or order_items. Bindings are `from` and `to` (whole days, both included), then an
 * optional row limit. Exported as text so the benchmark runs the very same SQL straight in PostgreSQL.
 */
export const REPORT_SQL = {
  // The overview's totals and its series over time are both summed from these rows (reports.rules.ts).
  dailyTotals: `
    SELECT day::text AS day, sum(order_count)::bigint AS orders, sum(units)::bigint AS units, sum(spend)::text AS spend
    FROM report_daily_orders
    WHERE day BETWEEN ?::date AND ?::date
    GROUP BY day
    ORDER BY day`,
  byState: `
    SELECT state, sum(order_count)::bigint AS orders, sum(units)::bigint AS units, round(sum(spend), 2)::text AS spend
    FROM report_daily_orders
    WHERE day BETWEEN ?::date AND ?::date
    GROUP BY state
    ORDER BY state`,
  // Per (asin, title) first — a small hash aggregate — then per ASIN, titled by its latest purchase.
  topProducts: `
    WITH per_title AS (
      SELECT asin, title_snapshot, max(day) AS last_day, sum(units) AS units, sum(spend) AS spend
      FROM report_daily_products
      WHERE day BETWEEN ?::date AND ?::date
      GROUP BY asin, title_snapshot
    )
    SELECT asin,
           (array_agg(title_snapshot ORDER BY last_day DESC, title_snapshot DESC))[1] AS title,
           sum(units)::bigint AS total_units,
           round(sum(spend), 2)::text AS total_spend
    FROM per_title
    GROUP BY asin
    ORDER BY sum(units) DESC, sum(spend) DESC, asin`,
  reorders: `
    WITH per_title AS (
      SELECT asin, title_snapshot, min(day) AS first_day, max(day) AS last_day, sum(order_count) AS purchases
      FROM report_daily_products
      WHERE day BETWEEN ?::date AND ?::date
      GROUP BY asin, title_snapshot
    )
    SELECT asin,
           (array_agg(title_snapshot ORDER BY last_day DESC, title_snapshot DESC))[1] AS title_snapshot,
           min(first_day)::text AS first_purchase,
           max(last_day)::text AS last_purchase,
           sum(purchases)::bigint AS purchase_count,
           CASE WHEN sum(purchases) > 1
                THEN round((max(last_day) - min(first_day))::numeric / (sum(purchases) - 1), 2)::float8
           END AS avg_days_between
    FROM per_title
    GROUP BY asin
    ORDER BY sum(purchases) DESC, max(last_day) DESC, asin`,
} as const;

export type ReportSqlName = keyof typeof REPORT_SQL;

/** The SQL and bindings of one query, with the row limit appended when given. */
export function reportStatement(
  name: ReportSqlName,
  range: { from: string; to: string },
  limit?: number,
): { sql: string; bindings: (string | number)[] } {
  const bindings: (string | number)[] = [range.from, range.to];
  if (limit === undefined) return { sql: REPORT_SQL[name], bindings };
  return { sql: `${REPORT_SQL[name]}\n    LIMIT ?`, bindings: [...bindings, limit] };
}

export async function selectReportRows<T>(
  db: Db,
  name: ReportSqlName,
  range: { from: string; to: string },
  limit?: number,
): Promise<T[]> {
  const { sql, bindings } = reportStatement(name, range, limit);
  const result = await db.raw<{ rows: T[] }>(sql, bindings);
  return result.rows;
}

/**
 * Rows of a query read through a server-side cursor in a read-only transaction, `batchSize` at a
 * time, so an export never holds more than one batch. Stopping early (a client that went away)
 * closes the cursor and ends the transaction.
 */
export async function* streamReportRows<T>(
  db: Db,
  name: ReportSqlName,
  range: { from: string; to: string },
  batchSize = 2000,
): AsyncGenerator<T, void, undefined> {
  const { sql, bindings } = reportStatement(name, range);
  const trx = await db.transaction({ readOnly: true });
  try {
    await trx.raw(`DECLARE report_export NO SCROLL CURSOR FOR ${sql}`, bindings);
    for (;;) {
      const batch = await trx.raw<{ rows: T[] }>(`FETCH FORWARD ${batchSize} FROM report_export`);
      yield* batch.rows;
      if (batch.rows.length < batchSize) break;
    }
    await trx.commit();
  } finally {
    if (!trx.isCompleted()) await trx.rollback();
  }
}

/** The company timezone, or the default one when PostgreSQL does not know it (as the rollups use it). */
export async function selectReportTimezone(db: Db): Promise<string> {
  const result = await db.raw<{ rows: { timezone: string }[] }>('SELECT report_company_timezone() AS timezone');
  return result.rows[0]?.timezone ?? 'America/New_York';
}

/** Run inside a transaction: the lock comes first, so two rebuilds queue instead of deadlocking. */
export async function rebuildRollups(db: Db): Promise<{ order_rows: number; product_rows: number }> {
  await db.raw('LOCK TABLE report_daily_orders, report_daily_products IN EXCLUSIVE MODE');
  const result = await db.raw<{ rows: { order_rows: number; product_rows: number }[] }>(
    'SELECT order_rows, product_rows FROM report_rollups_rebuild()',
  );
  const row = result.rows[0];
  if (!row) throw new Error('report_rollups_rebuild() returned nothing');
  return row;
}

/** The back office's order counts per status and department, recounted (writers wait meanwhile). */
export async function recountOrders(db: Db): Promise<number> {
  const result = await db.raw<{ rows: { counted: string }[] }>('SELECT order_counts_rebuild() AS counted');
  return Number(result.rows[0]?.counted ?? 0);
}
