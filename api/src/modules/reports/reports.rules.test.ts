import { describe, expect, it } from '@jest/globals';

import { dateRangeProblem, regionOfState, reportQueryRequestSchema } from '../../contracts/reports.js';
import { AppError } from '../../http/app-error.js';
import {
  centsToMoney,
  moneyToCents,
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
});
