import { describe, expect, it } from '@jest/globals';

import {
  medianOf,
  monthRange,
  percentOf,
  scorecardCsvFileName,
  scorecardCsvRow,
  scorecardRow,
  type ScorecardCounts,
} from './supplier-scorecard.rules.js';

const COUNTS: ScorecardCounts = {
  supplier_identity: 'ACME',
  month: '2026-10',
  orders_sent: 4,
  orders_acknowledged: 3,
  orders_acknowledged_24h: 2,
  units_ordered: 30,
  units_confirmed: 27,
  lines_acknowledged: 6,
  lines_backordered: 1,
  lines_rejected: 2,
  lines_price_changed: 1,
  orders_with_backorder: 1,
  orders_with_rejection: 1,
  orders_with_price_change: 1,
  orders_delivery_due: 3,
  orders_on_time: 2,
  orders_received_in_full: 3,
  lead_times_days: [5, 1.5, 2.25],
  orders_invoiced: 2,
  orders_matched_first_time: 1,
  exceptions_price: 1,
  exceptions_quantity: 0,
  exceptions_not_on_order: 0,
  exceptions_totals: 0,
  exceptions_other: 0,
  orders_perfect: 1,
};

describe('supplier scorecard rules', () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0, 5, 0],
    [5, 5, 100],
    [1, 8, 12.5],
    [0, 0, null],
  ])('percentOf(%i, %i) is %p (one decimal; null without a denominator)', (count, of, expected) => {
    expect(percentOf(count, of)).toBe(expected);
  });

  it.each([
    [[], null],
    [[4], 4],
    [[3, 1, 2], 2],
    [[1, 2, 3, 10], 2.5],
    [[0.04, 0.06], 0.1],
    [[1.25, 2.26], 1.8],
  ])('medianOf(%p) is %p (the middle, or the mean of the two middle ones)', (values, expected) => {
    expect(medianOf(values)).toBe(expected);
  });

  it('makes each figure from its counts: the share, its denominator and the orders it links to', () => {
    const row = scorecardRow(COUNTS);
    expect(row).toEqual({
      supplier_identity: 'ACME',
      month: '2026-10',
      orders_sent: 4,
      acknowledged_within_24h: { count: 2, of: 4, percent: 50, orders: 2 },
      fill_rate: { count: 27, of: 30, percent: 90, orders: 3 },
      lines_backordered: { count: 1, of: 6, percent: 16.7, orders: 1 },
      lines_rejected: { count: 2, of: 6, percent: 33.3, orders: 1 },
      price_changes: { count: 1, of: 6, percent: 16.7, orders: 1 },
      on_time: { count: 2, of: 3, percent: 66.7, orders: 2 },
      median_lead_time_days: 2.3,
      received_in_full: 3,
      invoices_matched_first_time: { count: 1, of: 2, percent: 50, orders: 1 },
      invoice_exceptions: { price: 1, quantity: 0, not_on_order: 0, totals: 0, other: 0 },
      perfect_orders: { count: 1, of: 4, percent: 25, orders: 1 },
    });
    expect(scorecardCsvRow(row)).toMatchObject({
      supplier_identity: 'ACME',
      acknowledged_within_24h_percent: 50,
      median_lead_time_days: 2.3,
      exceptions_price: 1,
      perfect_orders_percent: 25,
    });
  });

  it('leaves a share empty when nothing was counted: a month with no acknowledged order has no fill rate', () => {
    const row = scorecardRow({
      ...COUNTS,
      orders_acknowledged: 0,
      units_ordered: 0,
      units_confirmed: 0,
      lead_times_days: [],
    });
    expect(row.fill_rate).toEqual({ count: 0, of: 0, percent: null, orders: 0 });
    expect(row.median_lead_time_days).toBeNull();
    expect(scorecardCsvRow(row).fill_rate_percent).toBeNull();
  });

  it.each([
    ['2026-02', { from: '2026-02-01', to: '2026-02-28' }],
    ['2028-02', { from: '2028-02-01', to: '2028-02-29' }],
    ['2026-12', { from: '2026-12-01', to: '2026-12-31' }],
  ])('monthRange(%s) is its first and last day', (month, expected) => {
    expect(monthRange(month)).toEqual(expected);
  });

  it('names the export suppliers-<UTC timestamp>.csv', () => {
    expect(scorecardCsvFileName(new Date('2026-11-29T09:30:05.123Z'))).toBe('suppliers-20261129T093005Z.csv');
  });
});
