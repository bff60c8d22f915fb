import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import { formatUsd } from './money-format.js';

describe('formatUsd', () => {
  it.each<[string | number | null | undefined, string | null]>([
    ['24.95', '$24.95'],
    ['1234.5', '$1,234.50'],
    [0, '$0.00'],
    ['0.005', '$0.01'],
    [-3, '-$3.00'],
    [null, null],
    [undefined, null],
    ['', null],
    ['n/a', 'n/a'],
    [1.005, '$1.01'],
    [-0, '-$0.00'],
    [1e21, '$1,000,000,000,000,000,000,000.00'],
  ])('shows %p as %p', (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });

  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('shows every number as Intl.NumberFormat en-US USD does', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -1e7, max: 1e7, noNaN: true })),
        (value) => {
          expect(formatUsd(value)).toBe(intl.format(value));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('shows decimal strings with up to four decimals as Intl.NumberFormat en-US USD does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (units, decimals) => {
        const text = (units / 10 ** decimals).toFixed(decimals);
        expect(formatUsd(text)).toBe(intl.format(Number(text)));
      }),
      { numRuns: 5000 },
    );
  });
});
