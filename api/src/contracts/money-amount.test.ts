import { describe, expect, it } from '@jest/globals';

import { moneyAmountSchema, moneyTextSchema, toMoneyText } from './money-amount.js';

describe('money on the wire: decimal strings out, strings or numbers in', () => {
  const amount = moneyAmountSchema('Price is required');

  it.each([
    ['24.95', 24.95],
    [' 24.95 ', 24.95],
    ['100', 100],
    ['0.00', 0],
    [24.95, 24.95],
    [0, 0],
  ])('reads %j as %d dollars', (input, dollars) => {
    expect(amount.parse(input)).toBe(dollars);
  });

  it.each(['', 'twelve', '1e3', '24,95', '0x10', null, undefined, true])('refuses %j as no amount', (input) => {
    expect(amount.safeParse(input).error?.issues[0]?.message).toBe('Price is required');
  });

  it('answers two decimals, and what it answers reads back as the same amount', () => {
    for (const dollars of [0, 0.5, 24.95, 100, 250000, 999999.99]) {
      const text = toMoneyText(dollars);
      expect(moneyTextSchema.parse(text)).toBe(text);
      expect(amount.parse(text)).toBe(dollars);
    }
    expect(toMoneyText('12.5')).toBe('12.50');
    expect(moneyTextSchema.safeParse(24.95).success).toBe(false);
    expect(moneyTextSchema.safeParse('24.9').success).toBe(false);
  });
});
