import type {
  ScorecardShare,
  SupplierScorecardCsvRow,
  SupplierScorecardRow,
} from '../../contracts/supplier-scorecard.js';

/**
 * What the scorecard's SQL counts for one supplier and month (supplier-scorecard.queries.ts); the
 * figures are made from these counts here, so each definition is one function.
 */
export interface ScorecardCounts {
  supplier_identity: string;
  month: string;
  orders_sent: number;
  orders_acknowledged: number;
  orders_acknowledged_24h: number;
  /** Over the acknowledged orders. */
  units_ordered: number;
  units_confirmed: number;
  lines_acknowledged: number;
  lines_backordered: number;
  lines_rejected: number;
  lines_price_changed: number;
  orders_with_backorder: number;
  orders_with_rejection: number;
  orders_with_price_change: number;
  orders_delivery_due: number;
  orders_on_time: number;
  orders_received_in_full: number;
  /** Days from sending to receipt in full, one per order received in full. */
  lead_times_days: number[];
  orders_invoiced: number;
  orders_matched_first_time: number;
  exceptions_price: number;
  exceptions_quantity: number;
  exceptions_not_on_order: number;
  exceptions_totals: number;
  exceptions_other: number;
  orders_perfect: number;
}

/** `count` of `of` in percent, one decimal; null when there is nothing to divide by. */
export function percentOf(count: number, of: number): number | null {
  if (of <= 0) return null;
  return Math.round((count / of) * 1000) / 10;
}

/** The middle value (the mean of the two middle ones for an even count), one decimal; null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(median * 10) / 10;
}

function share(count: number, of: number, orders: number): ScorecardShare {
  return { count, of, percent: percentOf(count, of), orders };
}

/** One scorecard row from its counts. */
export function scorecardRow(counts: ScorecardCounts): SupplierScorecardRow {
  return {
    supplier_identity: counts.supplier_identity,
    month: counts.month,
    orders_sent: counts.orders_sent,
    acknowledged_within_24h: share(counts.orders_acknowledged_24h, counts.orders_sent, counts.orders_acknowledged_24h),
    fill_rate: share(counts.units_confirmed, counts.units_ordered, counts.orders_acknowledged),
    lines_backordered: share(counts.lines_backordered, counts.lines_acknowledged, counts.orders_with_backorder),
    lines_rejected: share(counts.lines_rejected, counts.lines_acknowledged, counts.orders_with_rejection),
    price_changes: share(counts.lines_price_changed, counts.lines_acknowledged, counts.orders_with_price_change),
    on_time: share(counts.orders_on_time, counts.orders_delivery_due, counts.orders_on_time),
    median_lead_time_days: medianOf(counts.lead_times_days),
    received_in_full: counts.orders_received_in_full,
    invoices_matched_first_time: share(
      counts.orders_matched_first_time,
      counts.orders_invoiced,
      counts.orders_matched_first_time,
    ),
    invoice_exceptions: {
      price: counts.exceptions_price,
      quantity: counts.exceptions_quantity,
      not_on_order: counts.exceptions_not_on_order,
      totals: counts.exceptions_totals,
      other: counts.exceptions_other,
    },
    perfect_orders: share(counts.orders_perfect, counts.orders_sent, counts.orders_perfect),
  };
}

/** The CSV line of a row: the percentages and counts, empty where a share has no denominator. */
export function scorecardCsvRow(row: SupplierScorecardRow): SupplierScorecardCsvRow {
  return {
    supplier_identity: row.supplier_identity,
    month: row.month,
    orders_sent: row.orders_sent,
    acknowledged_within_24h_percent: row.acknowledged_within_24h.percent,
    fill_rate_percent: row.fill_rate.percent,
    lines_backordered_percent: row.lines_backordered.percent,
    lines_rejected_percent: row.lines_rejected.percent,
    price_changes_percent: row.price_changes.percent,
    on_time_percent: row.on_time.percent,
    median_lead_time_days: row.median_lead_time_days,
    invoices_matched_first_time_percent: row.invoices_matched_first_time.percent,
    exceptions_price: row.invoice_exceptions.price,
    exceptions_quantity: row.invoice_exceptions.quantity,
    exceptions_not_on_order: row.invoice_exceptions.not_on_order,
    exceptions_totals: row.invoice_exceptions.totals,
    exceptions_other: row.invoice_exceptions.other,
    perfect_orders_percent: row.perfect_orders.percent,
  };
}

/** The first and last day of a 'YYYY-MM' month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The whole months a from..to range touches: the scorecard is per month, and each figure links to
 * its month's orders, so a month cut short (the reports' default last 30 days cuts two) would count
 * fewer orders than its link lists.
 */
export function wholeMonthsOf(range: { from: string; to: string }): { from: string; to: string } {
  return { from: monthRange(range.from.slice(0, 7)).from, to: monthRange(range.to.slice(0, 7)).to };
}

/** suppliers-20261129T093000Z.csv, named like the other reports' exports. */
export function scorecardCsvFileName(now: Date): string {
  return `suppliers-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}.csv`;
}
