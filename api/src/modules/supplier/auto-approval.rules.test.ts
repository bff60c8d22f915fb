import { describe, expect, it } from '@jest/globals';

import { qualifiesForAutoApproval } from './auto-approval.rules.js';

describe('qualifiesForAutoApproval', () => {
  it.each([
    { enabled: true, underAmount: '100.00', total: '99.99', expected: true },
    { enabled: true, underAmount: '100.00', total: '100.00', expected: false },
    { enabled: true, underAmount: '100.00', total: '100.01', expected: false },
    { enabled: true, underAmount: '0.00', total: '0.00', expected: false },
    { enabled: true, underAmount: '0.01', total: '0.00', expected: true },
    { enabled: false, underAmount: '100.00', total: '1.00', expected: false },
    { enabled: true, underAmount: '250', total: '249.99', expected: true },
  ])('$total under $underAmount (enabled: $enabled) → $expected', ({ enabled, underAmount, total, expected }) => {
    expect(qualifiesForAutoApproval({ enabled, underAmount }, total)).toBe(expected);
  });
});
