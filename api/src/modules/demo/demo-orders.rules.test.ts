import { describe, expect, it } from '@jest/globals';

import { statusFor } from './demo-orders.rules.js';

describe('demo order statuses', () => {
  it('never leaves an order in approved: approval submits at once, so it is submitted or failed', () => {
    const seen = new Set<string>();
    for (const daysAgo of [0, 1, 3, 4, 10, 14, 15, 60, 149]) {
      for (let roll = 0; roll < 1; roll += 0.01) seen.add(statusFor(daysAgo, roll));
    }
    expect(seen.has('approved')).toBe(false);
    expect(seen).toEqual(new Set(['pending', 'submitted', 'failed', 'rejected']));
  });
});
