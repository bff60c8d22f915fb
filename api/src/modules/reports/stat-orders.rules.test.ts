import { describe, expect, it } from '@jest/globals';

import { statOrdersByDepartment, todayIn } from './stat-orders.rules.js';

describe('statOrdersByDepartment', () => {
  it('sums each department over its reasons, most STAT orders first, then by name', () => {
    const row = (department: string, orders: number, total_amount: string) => ({
      department,
      reason: 'r',
      orders,
      total_amount,
      last_ordered_at: '2026-11-29T00:00:00.000Z',
    });
    expect(
      statOrdersByDepartment([
        row('ICU', 2, '10.10'),
        row('ER', 1, '5.00'),
        row('ICU', 1, '0.20'),
        row('Cardio', 3, '1'),
      ]),
    ).toEqual([
      { department: 'Cardio', orders: 3, total_amount: '1.00' },
      { department: 'ICU', orders: 3, total_amount: '10.30' },
      { department: 'ER', orders: 1, total_amount: '5.00' },
    ]);
  });
});

describe('todayIn', () => {
  it("is the company's calendar day, not UTC's", () => {
    const lateEvening = new Date('2026-11-30T03:00:00Z');
    expect(todayIn(lateEvening, 'America/New_York')).toBe('2026-11-29');
    expect(todayIn(lateEvening, 'UTC')).toBe('2026-11-30');
  });
});
