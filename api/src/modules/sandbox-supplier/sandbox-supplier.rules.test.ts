import { describe, expect, it } from '@jest/globals';

import { failureForQuantities, isAcceptedDespiteFailure } from './sandbox-supplier.rules.js';

describe('sandbox supplier failure rules', () => {
  it.each([
    [[1, 2], null],
    [[9001], 'http500'],
    [[3, 9002], 'cxml400'],
    [[9003, 9001], 'slow'],
    [[null, 9004], 'drop'],
    [[9005], 'malformed'],
    [[9006], 'html'],
    [[9000, 9007], null],
  ] as const)('quantities %j fail as %s', (quantities, failure) => {
    expect(failureForQuantities(quantities)).toBe(failure);
  });

  it('stores the order only when the supplier accepted it, answered or not', () => {
    expect([null, 'slow', 'drop'].every((failure) => isAcceptedDespiteFailure(failure as never))).toBe(true);
    expect(
      ['http500', 'cxml400', 'malformed', 'html'].some((failure) => isAcceptedDespiteFailure(failure as never)),
    ).toBe(false);
  });
});
