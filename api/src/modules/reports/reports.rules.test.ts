import { describe, expect, it } from '@jest/globals';

import {
  dateRangeProblem,
  overviewSliceRowSchema,
  regionOfState,
  reportQueryRequestSchema,
  seriesBucketFor,
} from '../../contracts/reports.js';
import { AppError } from '../../http/app-error.js';
import {
  bucketStartOf,
  centsToMoney,
  moneyToCents,
  overviewSlice,
  overviewTotals,
  regionMap,
  regionRows,
  reportCsvFileName,
  resolveDashboardRange,
  todayIn,
} from './reports.rules.js';

describe('report rules', () => {
  it.each([
    ['NY', 'Northeast'],
    ['pa', 'Northeast'],
    ['IL', 'Midwest'],
    ['ND', 'Midwest'],
    ['TX', 'South'],
    ['DC', 'South'],
    ['DE', 'South'],
    ['CA', 'West'],
    ['HI', 'West'],
    ['PR', 'Other'],
    ['GU', 'Other'],
    ['', 'Other'],
    [null, 'Other'],
  ])('puts state %s in the %s region', (state, region) => {
    expect(regionOfState(state)).toBe(region);
  });

  it('maps all 50 states and DC to a Census region', () => {
    const states =
      'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY';
    expect(states.split(' ').filter((state) => regionOfState(state) === 'Other')).toEqual([]);
    expect(states.split(' ')).toHaveLength(51);
  });

  it.each([
    ['0.00', 0, '0.00'],
    ['12.5', 1250, '12.50'],
    ['1234.05', 123405, '1234.05'],
    ['-3.10', -310, '-3.10'],
    ['90071992547409.91', 9007199254740991, '90071992547409.91'],
  ])('reads money %s as %d cents, written back as %s', (money, cents, written) => {
    expect(moneyToCents(money)).toBe(cents);
    expect(centsToMoney(cents)).toBe(written);
  });

  it('sums states into regions, keeping the four Census regions and Other only when used', () => {
    const states = [
      { state: 'NY', orders: 2, units: 5, spend: '10.10' },
      { state: 'PA', orders: 1, units: 1, spend: '0.20' },
      { state: 'WA', orders: 1, units: 2, spend: '3.00' },
    ];
    expect(regionRows(states)).toEqual([
      { region: 'Northeast', order_count: 3, total_spend: '10.30' },
      { region: 'Midwest', order_count: 0, total_spend: '0.00' },
      { region: 'South', order_count: 0, total_spend: '0.00' },
      { region: 'West', order_count: 1, total_spend: '3.00' },
    ]);
    const map = regionMap([...states, { state: '', orders: 1, units: 1, spend: '1.00' }]);
    expect(map.states.map((row) => row.state)).toEqual(['NY', 'PA', 'WA']);
    expect(map.regions.at(-1)).toEqual({ regionName: 'Other', orders: 1, units: 1, spend: '1.00' });
  });

  it.each([
    ['2026-03-10', '2026-03-10', null],
    ['2026-03-11', '2026-03-10', 'The start date must be on or before the end date.'],
    ['2021-03-11', '2026-03-10', null],
    ['2021-03-10', '2026-03-10', 'The date range cannot be longer than 5 years.'],
  ])('a range from %s to %s is refused with %p', (from, to, problem) => {
    expect(dateRangeProblem(from, to)).toBe(problem);
  });

  it('defaults the dashboard to the 30 days ending today (leap years included), and refuses a reversed range', () => {
    expect(resolveDashboardRange({}, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(resolveDashboardRange({ end_date: '2024-03-01' }, '2026-03-01')).toEqual({
      from: '2024-02-01',
      to: '2024-03-01',
    });
    expect(() => resolveDashboardRange({ start_date: '2026-04-01' }, '2026-03-01')).toThrow(AppError);
  });

  it('knows today in the company timezone, falling back to New York for an unknown zone', () => {
    const now = new Date('2026-03-13T03:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-03-12');
    expect(todayIn('UTC', now)).toBe('2026-03-13');
    expect(todayIn('Not/AZone', now)).toBe('2026-03-12');
  });

  it('names the export {slice}-{timestamp}.csv', () => {
    expect(reportCsvFileName('top_products', new Date('2026-11-21T14:30:05.123Z'))).toBe(
      'top_products-20261121T143005Z.csv',
    );
  });

  it('accepts real calendar days only', () => {
    const parse = (from: string) =>
      reportQueryRequestSchema.safeParse({ slice: 'overview', filters: { from, to: '2026-03-31' } }).success;
    expect(parse('2024-02-29')).toBe(true);
    expect(parse('2026-02-29')).toBe(false);
    expect(parse('2026-3-01')).toBe(false);
    expect(parse('2026-03-01T00:00:00Z')).toBe(false);
  });

  it.each([
    ['2026-03-10', '2026-03-10', 'day'],
    ['2026-01-01', '2026-04-02', 'day'], // 92 days
    ['2026-01-01', '2026-04-03', 'week'], // 93 days
    ['2024-01-01', '2024-12-31', 'week'], // 366 days, a leap year
    ['2024-01-01', '2025-01-01', 'month'], // 367 days
  ])('a series from %s to %s is bucketed per %s', (from, to, bucket) => {
    expect(seriesBucketFor(from, to)).toBe(bucket);
  });

  it('starts weeks on Monday and months on the 1st', () => {
    // 2026-03-02 is a Monday, 2026-03-08 the Sunday that ends its week.
    expect(bucketStartOf('2026-03-08', 'week')).toBe('2026-03-02');
    expect(bucketStartOf('2026-03-09', 'week')).toBe('2026-03-09');
    expect(bucketStartOf('2026-03-01', 'week')).toBe('2026-02-23');
    expect(bucketStartOf('2024-02-29', 'month')).toBe('2024-02-01');
    expect(bucketStartOf('2024-02-29', 'day')).toBe('2024-02-29');
  });

  it('sums the overview exactly and rounds the average half up, as PostgreSQL does', () => {
    expect(
      overviewTotals([
        { day: '2026-03-10', orders: 1, units: 2, spend: '0.02' },
        { day: '2026-03-11', orders: 1, units: 1, spend: '0.03' },
      ]),
    ).toEqual({ total_spend: '0.05', total_orders: 2, avg_order_value: '0.03', total_units: 3 });
    expect(overviewTotals([{ day: '2026-03-10', orders: 3, units: 3, spend: '10.00' }]).avg_order_value).toBe('3.33');
    expect(overviewTotals([])).toEqual({
      total_spend: '0.00',
      total_orders: 0,
      avg_order_value: '0.00',
      total_units: 0,
    });
  });

  it('gives one point per day of a short range, empty days included', () => {
    const row = overviewSlice({ from: '2026-03-10', to: '2026-03-12' }, [
      { day: '2026-03-10', orders: 1, units: 3, spend: '25.50' },
      { day: '2026-03-12', orders: 1, units: 1, spend: '10.00' },
    ]);
    expect(row).toEqual({
      total_spend: '35.50',
      total_orders: 2,
      avg_order_value: '17.75',
      total_units: 4,
      series_bucket: 'day',
      series: [
        { date: '2026-03-10', total_spend: '25.50', total_orders: 1 },
        { date: '2026-03-11', total_spend: '0.00', total_orders: 0 },
        { date: '2026-03-12', total_spend: '10.00', total_orders: 1 },
      ],
    });
    expect(overviewSliceRowSchema.parse(row)).toEqual(row);
  });

  it('gives one point per week of a longer range, the first dated on the start day', () => {
    // Wednesday 4 March to Wednesday 10 June 2026, 99 days: 15 weeks from Monday 2 March.
    const row = overviewSlice({ from: '2026-03-04', to: '2026-06-10' }, [
      { day: '2026-03-04', orders: 1, units: 1, spend: '1.00' },
      { day: '2026-03-08', orders: 2, units: 2, spend: '2.00' }, // Sunday: still the first week
      { day: '2026-03-09', orders: 1, units: 1, spend: '4.00' }, // Monday: the second
      { day: '2026-06-10', orders: 1, units: 1, spend: '8.00' },
    ]);
    expect(row.series_bucket).toBe('week');
    expect(row.series).toHaveLength(15);
    expect(row.series[0]).toEqual({ date: '2026-03-04', total_spend: '3.00', total_orders: 3 });
    expect(row.series[1]).toEqual({ date: '2026-03-09', total_spend: '4.00', total_orders: 1 });
    expect(row.series[2]).toEqual({ date: '2026-03-16', total_spend: '0.00', total_orders: 0 });
    expect(row.series.at(-1)).toEqual({ date: '2026-06-08', total_spend: '8.00', total_orders: 1 });
    expect(row.total_spend).toBe('15.00');
  });

  it('gives one point per month beyond a year, across the turn of the year', () => {
    const row = overviewSlice({ from: '2025-01-15', to: '2026-02-10' }, [
      { day: '2025-01-31', orders: 1, units: 1, spend: '1.00' },
      { day: '2025-02-01', orders: 1, units: 1, spend: '2.00' },
      { day: '2025-12-31', orders: 1, units: 1, spend: '4.00' },
      { day: '2026-02-10', orders: 1, units: 1, spend: '8.00' },
    ]);
    expect(row.series_bucket).toBe('month');
    expect(row.series.map((point) => point.date)).toEqual([
      '2025-01-15',
      ...['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((month) => `2025-${month}-01`),
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(row.series.map((point) => point.total_spend)).toEqual([
      '1.00',
      '2.00',
      ...Array<string>(9).fill('0.00'),
      '4.00',
      '0.00',
      '8.00',
    ]);
  });

  it('refuses a day outside the range rather than dropping it', () => {
    const range = { from: '2026-03-10', to: '2026-03-12' };
    expect(() => overviewSlice(range, [{ day: '2026-03-09', orders: 1, units: 1, spend: '1.00' }])).toThrow();
    expect(() => overviewSlice(range, [{ day: '2026-03-13', orders: 1, units: 1, spend: '1.00' }])).toThrow();
    // Thursday after a range ending on Wednesday: its week is in the series, the day is not.
    const weeks = { from: '2026-03-04', to: '2026-06-10' };
    expect(() => overviewSlice(weeks, [{ day: '2026-06-11', orders: 1, units: 1, spend: '1.00' }])).toThrow();
  });
});
