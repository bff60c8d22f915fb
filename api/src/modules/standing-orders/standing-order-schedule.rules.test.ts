import { describe, expect, it } from '@jest/globals';

import {
  fallsOn,
  localDate,
  nextOccurrence,
  nextOrderDate,
  occurrenceDates,
  type StandingOrderPlan,
} from './standing-order-schedule.rules.js';

const weekly = (
  weekdays: (1 | 2 | 3 | 4 | 5 | 6 | 7)[],
  start = '2026-11-01',
  end: string | null = null,
): StandingOrderPlan => ({
  schedule: { kind: 'weekly', weekdays },
  start_date: start,
  end_date: end,
});
const monthly = (day: number, start = '2026-01-01', end: string | null = null): StandingOrderPlan => ({
  schedule: { kind: 'monthly', day },
  start_date: start,
  end_date: end,
});

describe('standing order schedules', () => {
  it('falls on the chosen weekdays (IV fluids every Monday and Thursday)', () => {
    expect(occurrenceDates(weekly([1, 4]), '2026-11-23', '2026-12-06')).toEqual([
      '2026-11-23',
      '2026-11-26',
      '2026-11-30',
      '2026-12-03',
    ]);
  });

  it('takes the month’s last day for a day it does not have, leap years included', () => {
    expect(occurrenceDates(monthly(31), '2027-01-01', '2027-04-30')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(occurrenceDates(monthly(30), '2028-02-01', '2028-03-31')).toEqual(['2028-02-29', '2028-03-30']);
    expect(fallsOn(monthly(15), '2027-02-15')).toBe(true);
    expect(fallsOn(monthly(15), '2027-02-14')).toBe(false);
  });

  it('keeps to the start and end dates, both inclusive', () => {
    const plan = weekly([1], '2026-11-30', '2026-12-14');
    expect(occurrenceDates(plan, '2026-11-01', '2027-01-31')).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    expect(nextOccurrence(plan, '2026-12-15')).toBeNull();
    expect(nextOccurrence(plan, '2026-11-01')).toBe('2026-11-30');
    expect(nextOccurrence(monthly(31), '2027-02-01')).toBe('2027-02-28');
  });

  it('reads the company’s calendar date, not the server’s, across midnight and daylight saving', () => {
    // 03:30 UTC on Monday 30 November is still Sunday evening in New York.
    expect(localDate(new Date('2026-11-30T03:30:00Z'), 'America/New_York')).toBe('2026-11-29');
    expect(localDate(new Date('2026-11-30T05:30:00Z'), 'America/New_York')).toBe('2026-11-30');
    // The night the clocks go back (1 November 2026), and Honolulu, which never changes them.
    expect(localDate(new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-01T03:59:00Z'), 'America/New_York')).toBe('2026-10-31');
    expect(localDate(new Date('2026-12-01T09:59:00Z'), 'Pacific/Honolulu')).toBe('2026-11-30');
  });

  it('gives the occurrence after today’s once today’s has run, never a date already run', () => {
    const plan = weekly([6, 1], '2026-11-01');
    // Saturday 28 November: not run yet today, then run (ordered or skipped alike).
    expect(nextOrderDate(plan, '2026-11-28', '2026-11-21')).toBe('2026-11-28');
    expect(nextOrderDate(plan, '2026-11-28', '2026-11-28')).toBe('2026-11-30');
    expect(nextOrderDate(plan, '2026-11-28', null)).toBe('2026-11-28');
    // A catch-up that already ran a later date (a clock set back) does not bring it back.
    expect(nextOrderDate(plan, '2026-11-28', '2026-11-30')).toBe('2026-12-05');
    const lastOne = weekly([6], '2026-11-01', '2026-11-28');
    expect(nextOrderDate(lastOne, '2026-11-28', '2026-11-28')).toBeNull();
    expect(nextOrderDate(monthly(28), '2026-11-28', '2026-11-28')).toBe('2026-12-28');
  });
});
