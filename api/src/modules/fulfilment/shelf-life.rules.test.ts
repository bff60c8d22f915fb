import { describe, expect, it } from '@jest/globals';

import { localDate } from '../standing-orders/standing-order-schedule.rules.js';
import { checkShelfLife, findShortShelfLife, shortShelfLifeMessage, type LineShelfLife } from './shelf-life.rules.js';

describe('checkShelfLife', () => {
  const cases: [string, string, number, { isShort: boolean; daysRemaining: number }][] = [
    // receipt date, expiry date, minimum days → short?, days remaining
    ['2026-11-27', '2027-01-10', 90, { isShort: true, daysRemaining: 44 }],
    ['2026-11-27', '2027-02-25', 90, { isShort: false, daysRemaining: 90 }],
    ['2026-11-27', '2027-02-24', 90, { isShort: true, daysRemaining: 89 }],
    ['2026-11-27', '2028-01-01', 90, { isShort: false, daysRemaining: 400 }],
    ['2026-11-27', '2026-11-20', 90, { isShort: true, daysRemaining: -7 }],
    // 0 days: any lot still in date is fine, today's included; an expired one is still short.
    ['2026-11-27', '2026-11-27', 0, { isShort: false, daysRemaining: 0 }],
    ['2026-11-27', '2026-11-28', 0, { isShort: false, daysRemaining: 1 }],
    ['2026-11-27', '2026-11-26', 0, { isShort: true, daysRemaining: -1 }],
    // Across a daylight-saving change and a leap day the count is in calendar days.
    ['2027-03-13', '2027-03-15', 2, { isShort: false, daysRemaining: 2 }],
    ['2028-02-28', '2028-03-01', 2, { isShort: false, daysRemaining: 2 }],
    ['2026-11-27', '2036-11-24', 3650, { isShort: false, daysRemaining: 3650 }],
    ['2026-11-27', '2036-11-23', 3650, { isShort: true, daysRemaining: 3649 }],
  ];
  it.each(cases)('received %s, expiring %s, needing %i days → %j', (receipt, expiry, min, expected) => {
    expect(checkShelfLife(receipt, expiry, min)).toEqual(expected);
  });

  it('judges on the company’s calendar date: 23:30 in New York is already the next day in UTC', () => {
    const lateEvening = new Date('2026-11-28T04:30:00Z');
    expect(localDate(lateEvening, 'America/New_York')).toBe('2026-11-27');
    expect(checkShelfLife(localDate(lateEvening, 'America/New_York'), '2027-02-25', 90).isShort).toBe(false);
    expect(checkShelfLife(localDate(lateEvening, 'UTC'), '2027-02-25', 90).isShort).toBe(true);
  });
});

describe('findShortShelfLife', () => {
  const items = new Map<number, LineShelfLife>([
    [1, { title: 'Sterile gauze', min_shelf_life_days: 90 }],
    [2, { title: 'Saline 0.9%', min_shelf_life_days: 0 }],
  ]);

  it('flags short lots with their request index; lines without an expiry and long lots pass', () => {
    const flagged = findShortShelfLife(
      [
        { line_number: 1, quantity: 2, condition: 'ok', lot: 'L-LONG', expiry_date: '2028-01-01' },
        { line_number: 1, quantity: 1, condition: 'ok', lot: 'L123', expiry_date: '2027-01-10' },
        { line_number: 1, quantity: 1, condition: 'ok', lot: 'NO-EXPIRY' },
        { line_number: 2, quantity: 1, condition: 'ok', expiry_date: '2026-12-01' },
        { line_number: 2, quantity: 1, condition: 'ok', lot: 'OLD', expiry_date: '2026-11-01' },
      ],
      items,
      '2026-11-27',
    );
    expect(flagged).toEqual([
      {
        index: 1,
        line_number: 1,
        title: 'Sterile gauze',
        lot: 'L123',
        expiry_date: '2027-01-10',
        days_remaining: 44,
        min_shelf_life_days: 90,
      },
      {
        index: 4,
        line_number: 2,
        title: 'Saline 0.9%',
        lot: 'OLD',
        expiry_date: '2026-11-01',
        days_remaining: -26,
        min_shelf_life_days: 0,
      },
    ]);
  });
});

describe('shortShelfLifeMessage', () => {
  const line = {
    index: 0,
    line_number: 1,
    title: 'Sterile gauze',
    lot: 'L123' as string | null,
    expiry_date: '2027-01-10',
    days_remaining: 44,
    min_shelf_life_days: 90,
  };

  it('names the lot, the item, the expiry, the days left and the minimum', () => {
    expect(shortShelfLifeMessage([line])).toBe(
      'Lot L123 of Sterile gauze expires on 2027-01-10, 44 days from today; this item needs at least 90 days. Confirm to receive it anyway.',
    );
  });

  it('speaks of every flagged line, of expired and unnamed lots, and of one day', () => {
    expect(
      shortShelfLifeMessage([
        { ...line, lot: null, days_remaining: 1, expiry_date: '2026-11-28', min_shelf_life_days: 30 },
        { ...line, title: 'Saline', lot: 'OLD', days_remaining: -3, expiry_date: '2026-11-24', min_shelf_life_days: 0 },
        { ...line, days_remaining: 0, expiry_date: '2026-11-27' },
      ]),
    ).toBe(
      'The lot of Sterile gauze expires on 2026-11-28, 1 day from today; this item needs at least 30 days. ' +
        'Lot OLD of Saline expired on 2026-11-24, 3 days ago; it is out of date. ' +
        'Lot L123 of Sterile gauze expires today (2026-11-27); this item needs at least 90 days. ' +
        'Confirm to receive them anyway.',
    );
  });
});
