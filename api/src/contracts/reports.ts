import { z } from 'zod';

import { approvalLevelWithoutApproverSchema } from './approvals.js';
import { budgetPeriodSchema } from './budgets.js';
import { moneyTextSchema } from './money-amount.js';

import type { OrderStatus } from './orders.js';

/**
 * THE SPEND RULE — every report slice and the dashboard apply it, through the daily rollups the
 * database keeps (migration 20261121001300_create_report_rollups):
 * - an order counts while its status is approved or submitted; pending, rejected and failed never do;
 * - its amounts are the line snapshots taken at submission (order_items.total_price, quantity, title),
 *   so a later catalogue price change never rewrites a report;
 * - its day is created_at in the company's timezone (company_settings.timezone), and report dates
 *   are whole days in that timezone, both ends included; changing the timezone moves the orders
 *   whose day changes, in the settings transaction (migration 20261121001400; order writes wait
 *   meanwhile — seconds at a million orders, see the reports benchmark);
 * - its region is that of orders.ship_to_state, the address copied when it was sent to the supplier.
 */
export const COUNTED_ORDER_STATUSES = ['approved', 'submitted'] as const satisfies readonly OrderStatus[];

export const REPORT_SLICES = ['overview', 'by_region', 'top_products', 'reorders'] as const;
export const reportSliceSchema = z.enum(REPORT_SLICES, {
  error: `slice must be one of ${REPORT_SLICES.join(', ')}.`,
});
export type ReportSlice = z.infer<typeof reportSliceSchema>;

/** admin-portal §9: the default range is the last 30 days (today included). */
export const REPORT_DEFAULT_RANGE_DAYS = 30;
export const REPORT_MAX_RANGE_YEARS = 5;
/** Rows a JSON answer of top_products or reorders carries at most; the CSV export has them all. */
export const REPORT_JSON_ROW_LIMIT = 500;
/** The dashboard's Top Ordered Items card. */
export const DASHBOARD_TOP_ITEMS = 5;

// ---------- Dates: whole days, 'YYYY-MM-DD' ----------

const isoDay = z.iso.date();

function dayField(label: string) {
  return z.iso.date({
    error: (issue) =>
      issue.input === undefined ? `${label} is required.` : `${label} must be a date in the form YYYY-MM-DD.`,
  });
}

/** The day `days` after (or before, when negative) an ISO day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** Why a range of whole days is refused, or null when it is fine. */
export function dateRangeProblem(from: string, to: string): string | null {
  if (from > to) return 'The start date must be on or before the end date.';
  if (to >= addYears(from, REPORT_MAX_RANGE_YEARS)) {
    return `The date range cannot be longer than ${REPORT_MAX_RANGE_YEARS} years.`;
  }
  return null;
}

export const reportFiltersSchema = z
  .object(
    { from: dayField('The start date (from)'), to: dayField('The end date (to)') },
    { error: 'Choose a date range: filters.from and filters.to.' },
  )
  .superRefine(({ from, to }, ctx) => {
    // Zod runs this even when a field failed; that field already carries its own message.
    if (!isoDay.safeParse(from).success || !isoDay.safeParse(to).success) return;
    const problem = dateRangeProblem(from, to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const reportViewSchema = z.enum(['map', 'table'], { error: "view must be 'map' or 'table'." });
export const reportFormatSchema = z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'." });

/** POST /api/reports/query (admin-portal §7, reports-query); format 'csv' answers a file. */
export const reportQueryRequestSchema = z.object({
  slice: reportSliceSchema,
  filters: reportFiltersSchema,
  /** by_region only: 'map' answers states and regions; 'table' (default) the region rows. */
  view: reportViewSchema.optional(),
  format: reportFormatSchema.optional(),
});
export type ReportQueryRequest = z.infer<typeof reportQueryRequestSchema>;
export type ReportQueryRequestInput = z.input<typeof reportQueryRequestSchema>;

/**
 * GET or POST /api/reports/dashboard, the dashboard variant: start_date and end_date default to the
 * last 30 days ending today in the company timezone. Without a slice it answers the three cards;
 * with one, that slice for the range (as /api/reports/query would).
 */
export const dashboardRequestSchema = z.object({
  slice: reportSliceSchema.optional(),
  start_date: dayField('The start date (start_date)').optional(),
  end_date: dayField('The end date (end_date)').optional(),
  view: reportViewSchema.optional(),
});
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

// ---------- Regions: US Census regions by ship-to state ----------

export const CENSUS_REGIONS = ['Northeast', 'Midwest', 'South', 'West'] as const;
export const REGION_NAMES = [...CENSUS_REGIONS, 'Other'] as const;
export const regionNameSchema = z.enum(REGION_NAMES);
export type RegionName = z.infer<typeof regionNameSchema>;

const STATES_BY_REGION: Record<(typeof CENSUS_REGIONS)[number], readonly string[]> = {
  Northeast: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'],
  Midwest: ['IL', 'IN', 'MI', 'OH', 'WI', 'IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  South: ['DE', 'DC', 'FL', 'GA', 'MD', 'NC', 'SC', 'VA', 'WV', 'AL', 'KY', 'MS', 'TN', 'AR', 'LA', 'OK', 'TX'],
  West: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY', 'AK', 'CA', 'HI', 'OR', 'WA'],
};
const REGION_BY_STATE = new Map(
  Object.entries(STATES_BY_REGION).flatMap(([region, states]) => states.map((state) => [state, region as RegionName])),
);

/** The 50 states and DC by Census region; territories, foreign and missing states are 'Other'. */
export function regionOfState(state: string | null | undefined): RegionName {
  return REGION_BY_STATE.get((state ?? '').trim().toUpperCase()) ?? 'Other';
}

// ---------- Rows (field names are the specification's, §3 report slices) ----------

/** USD with two decimals, as a string: '1234.50' (the one money representation: money-amount.ts). */
export const moneySchema = moneyTextSchema;
const countSchema = z.number().int().nonnegative();

export const overviewRowSchema = z.strictObject({
  total_spend: moneySchema,
  total_orders: countSchema,
  avg_order_value: moneySchema,
  total_units: countSchema,
});

/**
 * Spend over time on the Overview: one point per day for ranges up to 92 days, per week (ISO weeks,
 * Monday first) up to 366 days, per calendar month beyond — a few dozen points at most, so a chart
 * stays readable. Days are the company timezone's, as everywhere in the reports.
 */
export const SERIES_BUCKETS = ['day', 'week', 'month'] as const;
export const seriesBucketSchema = z.enum(SERIES_BUCKETS);
export type SeriesBucket = z.infer<typeof seriesBucketSchema>;
export const SERIES_DAILY_MAX_DAYS = 92;
export const SERIES_WEEKLY_MAX_DAYS = 366;

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** THE BUCKET RULE: the bucket of the Overview's series for a range of whole days. */
export function seriesBucketFor(from: string, to: string): SeriesBucket {
  const days = daysInRange(from, to);
  if (days <= SERIES_DAILY_MAX_DAYS) return 'day';
  return days <= SERIES_WEEKLY_MAX_DAYS ? 'week' : 'month';
}

/**
 * One bucket of the series, every bucket of the range present (zero when nothing counted). `date` is
 * the bucket's first day inside the range: a range starting mid-week or mid-month starts its first
 * point on `from`.
 */
export const seriesPointSchema = z.strictObject({
  date: isoDay,
  total_spend: moneySchema,
  total_orders: countSchema,
});
/** The overview slice's row: the four totals (the CSV's columns and the dashboard's) and the series. */
export const overviewSliceRowSchema = overviewRowSchema.extend({
  series_bucket: seriesBucketSchema,
  series: z.array(seriesPointSchema),
});
export const byRegionRowSchema = z.strictObject({
  region: regionNameSchema,
  order_count: countSchema,
  total_spend: moneySchema,
});
export const mapStateSchema = z.strictObject({
  state: z.string(),
  orders: countSchema,
  units: countSchema,
  spend: moneySchema,
});
export const mapRegionSchema = z.strictObject({
  regionName: regionNameSchema,
  orders: countSchema,
  units: countSchema,
  spend: moneySchema,
});
/** The US map: states shaded by spend, with the regional summary (states without a ship-to state left out). */
export const regionMapSchema = z.strictObject({ states: z.array(mapStateSchema), regions: z.array(mapRegionSchema) });
export const topProductRowSchema = z.strictObject({
  asin: z.string(),
  /** The line title of the most recent purchase in the range. */
  title: z.string(),
  total_units: countSchema,
  total_spend: moneySchema,
});
export const reorderRowSchema = z.strictObject({
  asin: z.string(),
  title_snapshot: z.string(),
  first_purchase: isoDay,
  last_purchase: isoDay,
  /** Orders containing the ASIN. */
  purchase_count: countSchema,
  /** (last_purchase − first_purchase) / (purchase_count − 1) days, two decimals; null for one purchase. */
  avg_days_between: z.number().nullable(),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;
export type SeriesPoint = z.infer<typeof seriesPointSchema>;
export type OverviewSliceRow = z.infer<typeof overviewSliceRowSchema>;
export type ByRegionRow = z.infer<typeof byRegionRowSchema>;
export type MapState = z.infer<typeof mapStateSchema>;
export type MapRegion = z.infer<typeof mapRegionSchema>;
export type RegionMap = z.infer<typeof regionMapSchema>;
export type TopProductRow = z.infer<typeof topProductRowSchema>;
export type ReorderRow = z.infer<typeof reorderRowSchema>;

/**
 * `data` of each slice: overview is a one-row array (the totals, with the series over time);
 * by_region with view 'map' is a RegionMap.
 */
export const reportDataSchemas = {
  overview: z.array(overviewSliceRowSchema).length(1),
  by_region: z.array(byRegionRowSchema),
  by_region_map: regionMapSchema,
  top_products: z.array(topProductRowSchema),
  reorders: z.array(reorderRowSchema),
} as const;
/** `data` of each slice in JSON, by slice (by_region with view 'map' as by_region_map). */
export type ReportSliceData = { [K in keyof typeof reportDataSchemas]: z.infer<(typeof reportDataSchemas)[K]> };
export type ReportData = OverviewSliceRow[] | ByRegionRow[] | RegionMap | TopProductRow[] | ReorderRow[];

/**
 * What each department has spent, as its budget counts it (order_budget_cost: pending, approved, sent
 * and failed orders less the lines rejected, never QA), over the period Budget vs actual shows for
 * the current month — the same figures as that report, the budgets list and the cart's budget panel.
 */
export const departmentSpendRowSchema = z.strictObject({
  department_id: z.string(),
  department_code: z.string(),
  department_name: z.string(),
  period: budgetPeriodSchema,
  /** 'November 2026', 'Q4 2026' or '2026'. */
  period_label: z.string(),
  committed: moneySchema,
});
export const departmentSpendSchema = z.strictObject({
  /** The month whose periods the rows are ('YYYY-MM', company time zone). */
  month: z.string(),
  rows: z.array(departmentSpendRowSchema),
  /** The rows' committed, summed. */
  total_committed: moneySchema,
});
export type DepartmentSpend = z.infer<typeof departmentSpendSchema>;

export const dashboardCardsSchema = z.strictObject({
  start_date: isoDay,
  end_date: isoDay,
  /**
   * Monthly Spend (total_spend) and Latest Orders (total_orders, avg_order_value): THE SPEND RULE
   * above over start_date..end_date — what was approved and sent, not what budgets commit.
   */
  overview: overviewRowSchema,
  department_spend: departmentSpendSchema,
  /** Top Ordered Items, by total_units. */
  top_items: z.array(topProductRowSchema).max(DASHBOARD_TOP_ITEMS),
  /** The approval levels nobody can approve now, in order (empty when each has an approver). */
  approval_levels_without_approver: z.array(approvalLevelWithoutApproverSchema),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

/** CSV columns per slice (by_region with view 'map' exports the states; overview its four totals). */
export const REPORT_CSV_FIELDS = {
  overview: Object.keys(overviewRowSchema.shape),
  by_region: Object.keys(byRegionRowSchema.shape),
  by_region_map: Object.keys(mapStateSchema.shape),
  top_products: Object.keys(topProductRowSchema.shape),
  reorders: Object.keys(reorderRowSchema.shape),
} as const;

// ---------- Answers ----------

export function reportOkSchema<T extends z.ZodType>(data: T) {
  return z.strictObject({ ok: z.literal(true), data });
}
