import { z } from 'zod';

import { reportFiltersSchema, reportFormatSchema } from './reports.js';

/**
 * THE SUPPLIER SCORECARD — GET /api/reports/suppliers?from=&to=: one row per supplier identity and
 * month, over the orders sent to a supplier (status submitted) on a day from..to of the company
 * timezone. An order's month is the month it was sent; its supplier is the cXML `To` identity it was
 * sent to (orders sent before the portal kept it count under the identity configured now). Every
 * figure is counted per order or per order line, so each links to exactly the orders it counts (the
 * admin orders list's `scorecard` filter with `supplier` and `sent_month`).
 */

/** The order sets the figures count; each is a filter of the admin orders list. */
export const SCORECARD_MEASURES = [
  'sent',
  'acknowledged',
  'acknowledged_24h',
  'with_backorder',
  'with_rejection',
  'with_price_change',
  'delivery_due',
  'on_time',
  'received_in_full',
  'invoiced',
  'matched_first_time',
  'exception_price',
  'exception_quantity',
  'exception_not_on_order',
  'exception_totals',
  'exception_other',
  'perfect',
] as const;
export const scorecardMeasureSchema = z.enum(SCORECARD_MEASURES, {
  error: `scorecard must be one of ${SCORECARD_MEASURES.join(', ')}.`,
});
export type ScorecardMeasure = z.infer<typeof scorecardMeasureSchema>;

/** Why an invoice went to exceptions, from the reasons the three-way match wrote. */
export const INVOICE_EXCEPTION_REASONS = ['price', 'quantity', 'not_on_order', 'totals', 'other'] as const;
export type InvoiceExceptionReason = (typeof INVOICE_EXCEPTION_REASONS)[number];

/** 'YYYY-MM', the month an order was sent in the company timezone. */
export const scorecardMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'sent_month must be a month in the form YYYY-MM.' });

/** GET /api/reports/suppliers: from and to are required whole days; format 'csv' answers a file. */
export const supplierScorecardQuerySchema = z.intersection(
  reportFiltersSchema,
  z.object({ format: reportFormatSchema.optional() }),
);
export type SupplierScorecardQuery = z.infer<typeof supplierScorecardQuerySchema>;

const countSchema = z.number().int().nonnegative();
/** A share in percent with one decimal; null when nothing was counted (no denominator). */
const percentSchema = z.number().min(0).max(100).nullable();

/** `count` of `of` orders (or lines), as a percentage; `orders` are the orders the figure links to. */
export const scorecardShareSchema = z.strictObject({
  count: countSchema,
  of: countSchema,
  percent: percentSchema,
  orders: countSchema,
});
export type ScorecardShare = z.infer<typeof scorecardShareSchema>;

export const supplierScorecardRowSchema = z.strictObject({
  supplier_identity: z.string(),
  month: z.string(),
  orders_sent: countSchema,
  /** Orders whose first confirmation arrived within 24 hours of sending, of the orders sent. */
  acknowledged_within_24h: scorecardShareSchema,
  /** Units confirmed of units ordered (count/of are units), over the acknowledged orders. */
  fill_rate: scorecardShareSchema,
  /** Lines backordered of the lines of acknowledged orders (count/of are lines). */
  lines_backordered: scorecardShareSchema,
  lines_rejected: scorecardShareSchema,
  price_changes: scorecardShareSchema,
  /** Orders received in full by the confirmed delivery day, of the orders delivered or due. */
  on_time: scorecardShareSchema,
  /** Days from sending to receipt in full, the median over the orders received in full (one decimal). */
  median_lead_time_days: z.number().nonnegative().nullable(),
  received_in_full: countSchema,
  /** Orders whose first invoice matched, of the orders invoiced. */
  invoices_matched_first_time: scorecardShareSchema,
  /** Orders with an invoice that went to exceptions, per reason (an invoice may have several). */
  invoice_exceptions: z.strictObject({
    price: countSchema,
    quantity: countSchema,
    not_on_order: countSchema,
    totals: countSchema,
    other: countSchema,
  }),
  perfect_orders: scorecardShareSchema,
});
export type SupplierScorecardRow = z.infer<typeof supplierScorecardRowSchema>;

export const supplierScorecardSchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  rows: z.array(supplierScorecardRowSchema),
});
export type SupplierScorecard = z.infer<typeof supplierScorecardSchema>;

/** The CSV export's columns, in order: one line per supplier and month. */
export const SUPPLIER_SCORECARD_CSV_FIELDS = [
  'supplier_identity',
  'month',
  'orders_sent',
  'acknowledged_within_24h_percent',
  'fill_rate_percent',
  'lines_backordered_percent',
  'lines_rejected_percent',
  'price_changes_percent',
  'on_time_percent',
  'median_lead_time_days',
  'invoices_matched_first_time_percent',
  'exceptions_price',
  'exceptions_quantity',
  'exceptions_not_on_order',
  'exceptions_totals',
  'exceptions_other',
  'perfect_orders_percent',
] as const;
export type SupplierScorecardCsvRow = Record<(typeof SUPPLIER_SCORECARD_CSV_FIELDS)[number], string | number | null>;

/**
 * The scorecard's columns as the back office shows them, each with its definition (printed under
 * the table, and in docs/api.md): one sentence, naming what is counted and over which orders.
 */
export const SUPPLIER_SCORECARD_COLUMNS = [
  {
    key: 'supplier_identity',
    label: 'Supplier',
    definition:
      'The supplier identity (cXML To) the order was sent to; orders sent before the portal kept it on the order count under the identity configured now.',
  },
  {
    key: 'month',
    label: 'Month',
    definition:
      'The month the supplier accepted the order, in the company timezone; the date range selects orders by that day.',
  },
  {
    key: 'orders_sent',
    label: 'Orders sent',
    definition: 'Orders the supplier accepted (status Sent) in that month.',
  },
  {
    key: 'acknowledged_within_24h',
    label: 'Acknowledged ≤ 24 h',
    definition:
      'Share of the orders sent whose first confirmation, of any kind, reached the portal within 24 hours of sending.',
  },
  {
    key: 'fill_rate',
    label: 'Fill rate',
    definition:
      'Units confirmed (accepted, with or without detail, at most the quantity ordered) divided by units ordered, over the orders with a confirmation, each line judged by its newest confirmation in force.',
  },
  {
    key: 'lines_backordered',
    label: 'Lines backordered',
    definition: 'Share of the lines of confirmed orders whose newest confirmation backorders some of their units.',
  },
  {
    key: 'lines_rejected',
    label: 'Lines rejected',
    definition:
      'Share of the lines of confirmed orders whose newest confirmation rejects some or all of their units (a whole-order rejection rejects every line).',
  },
  {
    key: 'price_changes',
    label: 'Price changes',
    definition:
      "Share of the lines of confirmed orders whose newest confirmation proposes a unit price other than the order's.",
  },
  {
    key: 'on_time',
    label: 'On time',
    definition:
      'Share of the orders due (received in full, or past their confirmed delivery day) that were received in full by the confirmed delivery day, which is the latest delivery date of the confirmation, else of the ship notice; orders with neither are not counted.',
  },
  {
    key: 'median_lead_time_days',
    label: 'Median lead time',
    definition:
      'The median number of days from sending to the receipt that completed the order (every unit the supplier did not reject received), over the orders received in full.',
  },
  {
    key: 'invoices_matched_first_time',
    label: 'Invoices matched first time',
    definition:
      'Share of the invoiced orders whose first invoice passed the three-way match (price within tolerance, no more than received, totals that add up) with no exception.',
  },
  {
    key: 'invoice_exceptions',
    label: 'Invoice exceptions',
    definition:
      'Orders with an invoice that went to exceptions, by the reason the match gave: price outside the tolerance, more invoiced than received, a line not on the order, totals that do not add up, or another reason.',
  },
  {
    key: 'perfect_orders',
    label: 'Perfect orders',
    definition:
      'Share of the orders sent that were confirmed in full without change (no backorder, rejection, price or part change), shipped complete (ship notices cover every unit, no receipt line marked short), received in full on time with no receipt line marked damaged (the receipt condition is the only record of damage), and whose first invoice matched; orders still under way count as not perfect yet.',
  },
] as const satisfies readonly { key: keyof SupplierScorecardRow; label: string; definition: string }[];

export const INVOICE_EXCEPTION_REASON_LABELS: Record<InvoiceExceptionReason, string> = {
  price: 'Price',
  quantity: 'Quantity',
  not_on_order: 'Not on order',
  totals: 'Totals',
  other: 'Other',
};
