import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import { formatCents, orderTotalCents, toCents, unitPriceCents } from './order-pricing.rules.js';

describe('unitPriceCents', () => {
  it('uses the price, else the amazon price, else 0', () => {
    expect(unitPriceCents({ price: '12.50', amazon_price: '11.00' })).toBe(1250);
    expect(unitPriceCents({ price: null, amazon_price: '11.00' })).toBe(1100);
    expect(unitPriceCents({ price: null, amazon_price: null })).toBe(0);
    expect(unitPriceCents({ price: '0.00', amazon_price: '9.99' })).toBe(0);
  });
});

describe('money in cents', () => {
  it('round-trips every two-decimal amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(toCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('totals an order as the sum of unit price × quantity', () => {
    expect(
      orderTotalCents([
        { quantity: 3, unitPriceCents: 199 },
        { quantity: 1, unitPriceCents: 4550 },
      ]),
    ).toBe(5147);
  });
});
