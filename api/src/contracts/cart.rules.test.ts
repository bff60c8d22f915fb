import { describe, expect, it } from '@jest/globals';

import { mergeLines, orderTotalOverCeiling, quantityOverLimit } from './cart.rules.js';

describe('mergeLines and quantityOverLimit', () => {
  it.each([
    { lines: [{ asin: 'A', quantity: 9999 }], over: undefined },
    {
      lines: [
        { asin: 'A', quantity: 5000 },
        { asin: 'B', quantity: 1 },
        { asin: 'A', quantity: 4999 },
      ],
      over: undefined,
    },
    {
      lines: Array.from({ length: 200 }, () => ({ asin: 'A', quantity: 9999 })),
      over: { asin: 'A', quantity: 1_999_800 },
    },
    {
      lines: [
        { asin: 'A', quantity: 3 },
        { asin: 'A', quantity: -3 },
        { asin: 'B', quantity: 10_000 },
      ],
      over: { asin: 'B', quantity: 10_000 },
    },
  ])('merges repeated products before checking the limit (%#)', ({ lines, over }) => {
    const result = quantityOverLimit(mergeLines(lines));
    expect(result && { asin: result.asin, quantity: result.quantity }).toEqual(over);
  });

  it('drops lines of 0 or less and keeps first-seen order', () => {
    expect([
      ...mergeLines([
        { asin: 'B', quantity: 1 },
        { asin: 'A', quantity: 0 },
        { asin: 'C', quantity: 2 },
        { asin: 'B', quantity: 2 },
      ]),
    ]).toEqual([
      ['B', 3],
      ['C', 2],
    ]);
  });
});

describe('orderTotalOverCeiling', () => {
  it('passes a total at the ceiling and names both amounts past it', () => {
    expect(orderTotalOverCeiling(25_000_000, 25_000_000)).toBeUndefined();
    expect(orderTotalOverCeiling(4_998_999_001, 25_000_000)).toBe(
      'This order totals $49,989,990.01, over the limit of $250,000.00 per order. Split it into smaller orders or ask an administrator.',
    );
  });
});
