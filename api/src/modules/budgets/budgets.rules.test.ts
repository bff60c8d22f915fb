import { describe, expect, it } from '@jest/globals';

import {
  budgetAlertMail,
  budgetFigures,
  budgetPeriodOfMonth,
  budgetPeriodAt,
  budgetRefusalMessage,
  budgetVerdict,
  centsOf,
  crossesAlertThreshold,
  moneyOf,
  monthAt,
  monthlyLimitRefusalMessage,
} from './budgets.rules.js';

describe('budgetPeriodAt', () => {
  it.each([
    // The last second of a month is still that month; the next second is the next.
    ['month', '2026-11-30T23:59:59.999Z', 'UTC', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', 'November'],
    ['month', '2026-12-01T00:00:00.000Z', 'UTC', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', 'December'],
    ['month', '2026-02-15T12:00:00.000Z', 'UTC', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', 'February'],
    // New York: 04:59:59 UTC on Dec 1 is 23:59:59 on Nov 30 there (EST, UTC−5).
    [
      'month',
      '2026-12-01T04:59:59.000Z',
      'America/New_York',
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
      'November',
    ],
    [
      'month',
      '2026-12-01T05:00:00.000Z',
      'America/New_York',
      '2026-12-01T05:00:00.000Z',
      '2027-01-01T05:00:00.000Z',
      'December',
    ],
    // A DST change inside the month: March starts in EST and ends in EDT.
    [
      'month',
      '2026-03-20T12:00:00.000Z',
      'America/New_York',
      '2026-03-01T05:00:00.000Z',
      '2026-04-01T04:00:00.000Z',
      'March',
    ],
    ['quarter', '2026-09-30T23:59:59.000Z', 'UTC', '2026-07-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', 'Q3 2026'],
    ['quarter', '2026-10-01T00:00:00.000Z', 'UTC', '2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', 'Q4 2026'],
    [
      'quarter',
      '2026-01-01T00:00:00.000Z',
      'Asia/Tokyo',
      '2025-12-31T15:00:00.000Z',
      '2026-03-31T15:00:00.000Z',
      'Q1 2026',
    ],
    ['year', '2026-12-31T23:59:59.999Z', 'UTC', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '2026'],
    ['year', '2027-01-01T00:00:00.000Z', 'UTC', '2027-01-01T00:00:00.000Z', '2028-01-01T00:00:00.000Z', '2027'],
    // Still New Year's Eve in Los Angeles.
    [
      'year',
      '2027-01-01T07:59:59.000Z',
      'America/Los_Angeles',
      '2026-01-01T08:00:00.000Z',
      '2027-01-01T08:00:00.000Z',
      '2026',
    ],
  ] as const)('%s at %s in %s runs from %s to %s (%s)', (period, now, timeZone, start, end, label) => {
    const window = budgetPeriodAt(period, new Date(now), timeZone);
    expect({ start: window.start.toISOString(), end: window.end.toISOString(), label: window.label }).toEqual({
      start,
      end,
      label,
    });
  });
});

describe('budget arithmetic', () => {
  it.each([
    // amount, committed, spent → remaining, used %
    [500000, 0, 0, 500000, 0],
    [500000, 400000, 100000, 100000, 80],
    [500000, 499999, 0, 1, 99],
    [500000, 500000, 500000, 0, 100],
    [100000, 150000, 0, -50000, 150],
    [0, 0, 0, 0, 0],
    [0, 1, 0, -1, 100],
  ])('amount %i, committed %i, spent %i: remaining %i, %i %% used', (amount, committed, spent, remaining, used) => {
    expect(budgetFigures(amount, committed, spent)).toEqual({
      amountCents: amount,
      committedCents: committed,
      spentCents: spent,
      remainingCents: remaining,
      usedPercent: used,
    });
  });

  it.each([
    ['stop', 4000, 4000, 'within'],
    ['stop', 4000, 4001, 'refuse'],
    ['stop', -100, 1, 'refuse'],
    ['warn', 4000, 4001, 'warn'],
    ['warn', 4000, 3999, 'within'],
    ['stop', 0, 0, 'within'],
  ] as const)('under %s with %i remaining, an order of %i is %s', (policy, remaining, order, verdict) => {
    expect(budgetVerdict(policy, remaining, order)).toBe(verdict);
  });

  it('words the refusal with the department, the period and what remains, never a negative amount', () => {
    expect(budgetRefusalMessage('ICU', 'November', 4000)).toBe(
      'This order exceeds the ICU budget for November: $40.00 remains. Only an administrator can raise the budget.',
    );
    expect(budgetRefusalMessage('Pharmacy', 'Q4 2026', 123456789)).toBe(
      'This order exceeds the Pharmacy budget for Q4 2026: $1,234,567.89 remains. Only an administrator can raise the budget.',
    );
    expect(budgetRefusalMessage('ICU', '2026', -500)).toBe(
      'This order exceeds the ICU budget for 2026: $0.00 remains. Only an administrator can raise the budget.',
    );
  });

  it('words the monthly-limit refusal for a nurse, never with a negative amount', () => {
    expect(monthlyLimitRefusalMessage(50000, 4000)).toBe(
      'This order would take you over your monthly limit of $500.00: $40.00 remains this month.',
    );
    expect(monthlyLimitRefusalMessage(50000, -100)).toBe(
      'This order would take you over your monthly limit of $500.00: $0.00 remains this month.',
    );
  });

  it.each([
    [100000, 79999, 1, 80, true],
    [100000, 79999, 0, 80, false],
    [100000, 80000, 5000, 80, false],
    [100000, 0, 100000, 80, true],
    [100000, 50000, 60000, 100, true],
  ])(
    'amount %i, committed %i, order %i, threshold %i %%: crosses = %s',
    (amount, before, order, threshold, crosses) => {
      expect(crossesAlertThreshold(amount, before, order, threshold)).toBe(crosses);
    },
  );

  it.each([
    ['40.00', 4000],
    ['0.05', 5],
    ['12.5', 1250],
    ['-3.20', -320],
    ['1234567.89', 123456789],
  ])('%s is %i cents and back', (money, cents) => {
    expect(centsOf(money)).toBe(cents);
    expect(centsOf(moneyOf(cents))).toBe(cents);
  });
});

describe('monthAt and budgetPeriodOfMonth (the report period filter)', () => {
  it('names the company-time-zone month of an instant', () => {
    expect(monthAt(new Date('2026-12-01T04:59:59.000Z'), 'America/New_York')).toBe('2026-11');
    expect(monthAt(new Date('2026-12-01T05:00:00.000Z'), 'America/New_York')).toBe('2026-12');
  });

  it.each([
    ['month', '2025-10', 'UTC', '2025-10-01T00:00:00.000Z', '2025-11-01T00:00:00.000Z', 'October 2025'],
    ['quarter', '2025-11', 'UTC', '2025-10-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'Q4 2025'],
    ['year', '2025-02', 'UTC', '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2025'],
    ['month', '2026-11', 'America/New_York', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z', 'November 2026'],
  ] as const)('%s containing %s in %s', (period, month, zone, start, end, label) => {
    const window = budgetPeriodOfMonth(period, month, zone);
    expect([window.start.toISOString(), window.end.toISOString(), window.label]).toEqual([start, end, label]);
  });
});

describe('budgetAlertMail', () => {
  it('writes every amount in the one money format, an overspend as a negative amount', () => {
    const mail = budgetAlertMail({
      department: 'Emergency',
      departmentCode: 'ER',
      periodLabel: 'November 2026',
      usedPercent: 248,
      amount: '600.00',
      committed: '1489.47',
      remaining: '-889.47',
      policy: 'warn',
    });
    expect(mail.subject).toBe('Budget alert: Emergency has committed 248% of its November 2026 budget');
    expect(mail.text).toBe(
      [
        'Emergency (ER) has committed 248% of its budget for November 2026.',
        'Amount: $600.00. Committed: $1,489.47. Remaining: -$889.47.',
        'Policy: orders over the remaining budget are flagged.',
      ].join('\n'),
    );
  });
});
