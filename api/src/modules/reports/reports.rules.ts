import {
  CENSUS_REGIONS,
  REPORT_DEFAULT_RANGE_DAYS,
  addDays,
  dateRangeProblem,
  regionOfState,
  seriesBucketFor,
  type ByRegionRow,
  type MapRegion,
  type OverviewRow,
  type OverviewSliceRow,
  type RegionMap,
  type RegionName,
  type ReportSlice,
  type SeriesBucket,
} from '../../contracts/reports.js';
import { AppError } from '../../http/app-error.js';

/** Totals of one ship-to state ('' when none was set) over a range, as the byState query reads them. */
export interface StateTotalsRow {
  state: string;
  orders: number;
  units: number;
  spend: string;
}

/** Totals of one day over every ship-to state, as the dailyTotals query reads them (days without orders absent). */
export interface DayTotalsRow {
  day: string;
  orders: number;
  units: number;
  spend: string;
}

/** '1234.50' → 123450, exactly (no floating point). */
export function moneyToCents(money: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(money.trim());
  if (!match) throw new Error(`not a money amount: ${money}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** 123450 → '1234.50'. */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

interface Totals {
  orders: number;
  units: number;
  cents: number;
}

function totalsByRegion(states: readonly StateTotalsRow[]): Map<RegionName, Totals> {
  const totals = new Map<RegionName, Totals>(
    CENSUS_REGIONS.map((region) => [region, { orders: 0, units: 0, cents: 0 }]),
  );
  for (const row of states) {
    const region = regionOfState(row.state);
    const sum = totals.get(region) ?? { orders: 0, units: 0, cents: 0 };
    totals.set(region, {
      orders: sum.orders + row.orders,
      units: sum.units + row.units,
      cents: sum.cents + moneyToCents(row.spend),
    });
  }
  return totals;
}

/** The four Census regions, always, then 'Other' when some spend has no region. */
function regionSummaries(states: readonly StateTotalsRow[]): MapRegion[] {
  return [...totalsByRegion(states)].map(([regionName, sum]) => ({
    regionName,
    orders: sum.orders,
    units: sum.units,
    spend: centsToMoney(sum.cents),
  }));
}

export function regionRows(states: readonly StateTotalsRow[]): ByRegionRow[] {
  return regionSummaries(states).map((region) => ({
    region: region.regionName,
    order_count: region.orders,
    total_spend: region.spend,
  }));
}

/** The map view: one entry per ship-to state (orders without one only count in 'Other'). */
export function regionMap(states: readonly StateTotalsRow[]): RegionMap {
  return {
    states: states
      .filter((row) => row.state !== '')
      .map((row) => ({ state: row.state, orders: row.orders, units: row.units, spend: row.spend })),
    regions: regionSummaries(states),
  };
}

/** Today's date (YYYY-MM-DD) in a timezone; an unknown zone falls back to the default one. */
export function todayIn(timeZone: string, now: Date): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format('America/New_York');
  }
}

/**
 * The dashboard's range: end_date defaults to today (company timezone) and start_date to 30 days
 * ending on end_date. Refused like any report range.
 */
export function resolveDashboardRange(
  input: { start_date?: string; end_date?: string },
  today: string,
): { from: string; to: string } {
  const to = input.end_date ?? today;
  const from = input.start_date ?? addDays(to, -(REPORT_DEFAULT_RANGE_DAYS - 1));
  const problem = dateRangeProblem(from, to);
  if (problem) throw AppError.badRequest('REPORT_INVALID_RANGE', problem, { end_date: problem });
  return { from, to };
}

/** `{slice}-{timestamp}.csv`, the timestamp in UTC to the second: top_products-20261121T143000Z.csv. */
export function reportCsvFileName(slice: ReportSlice, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `${slice}-${stamp}.csv`;
}

/** The first day of the bucket holding `day`: itself, its ISO week's Monday, or the 1st of its month. */
export function bucketStartOf(day: string, bucket: SeriesBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

function nextBucketStart(start: string, bucket: SeriesBucket): string {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 1);
  return date.toISOString().slice(0, 10);
}

/** The overview's four totals, summed exactly in cents; the average rounds half up as PostgreSQL's round() does. */
export function overviewTotals(days: readonly DayTotalsRow[]): OverviewRow {
  let cents = 0;
  let orders = 0;
  let units = 0;
  for (const row of days) {
    cents += moneyToCents(row.spend);
    orders += row.orders;
    units += row.units;
  }
  const averageCents = orders === 0 ? 0 : Math.floor((2 * cents + orders) / (2 * orders));
  return {
    total_spend: centsToMoney(cents),
    total_orders: orders,
    avg_order_value: centsToMoney(averageCents),
    total_units: units,
  };
}

/**
 * The overview slice: the totals and the spend over time, one point per bucket of the range (the
 * bucket rule of contracts/reports.ts), every bucket present, a partial first bucket dated `from`.
 */
export function overviewSlice(range: { from: string; to: string }, days: readonly DayTotalsRow[]): OverviewSliceRow {
  const bucket = seriesBucketFor(range.from, range.to);
  const points = new Map<string, { date: string; cents: number; orders: number }>();
  for (let start = bucketStartOf(range.from, bucket); start <= range.to; start = nextBucketStart(start, bucket)) {
    points.set(start, { date: start < range.from ? range.from : start, cents: 0, orders: 0 });
  }
  for (const row of days) {
    const point = points.get(bucketStartOf(row.day, bucket));
    if (!point || row.day < range.from || row.day > range.to)
      throw new Error(`day ${row.day} lies outside ${range.from}..${range.to}`);
    point.cents += moneyToCents(row.spend);
    point.orders += row.orders;
  }
  return {
    ...overviewTotals(days),
    series_bucket: bucket,
    series: [...points.values()].map((point) => ({
      date: point.date,
      total_spend: centsToMoney(point.cents),
      total_orders: point.orders,
    })),
  };
}
