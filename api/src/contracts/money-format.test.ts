import { describe, expect, it } from '@jest/globals';

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
  ])('shows %p as %p', (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });
});
