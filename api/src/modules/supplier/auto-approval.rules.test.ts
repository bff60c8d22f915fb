import { describe, expect, it } from '@jest/globals';

import { qualifiesAsStat, qualifiesForAutoApproval } from './auto-approval.rules.js';

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

  it.each([
    { kind: 'ordinary', is_urgent: false },
    { kind: 'STAT', is_urgent: true },
  ])(
    'approves no $kind order let through over a warn budget or a monthly limit, under either threshold',
    ({ is_urgent }) => {
      const preference = { enabled: true, underAmount: '100.00', statUnderAmount: '250.00' };
      expect(qualifiesForAutoApproval(preference, '10.00', { is_urgent, isOverSpend: true })).toBe(false);
      expect(qualifiesForAutoApproval(preference, '10.00', { is_urgent, isOverSpend: false })).toBe(true);
    },
  );
});

describe('qualifiesAsStat', () => {
  const preference = { enabled: false, underAmount: '100.00', statUnderAmount: '250.00' };
  it.each([
    { case: 'a STAT order under the STAT amount', order: { total_amount: '249.99', is_urgent: true }, expected: true },
    { case: 'a STAT order at the STAT amount', order: { total_amount: '250.00', is_urgent: true }, expected: false },
    { case: 'an order that is not STAT', order: { total_amount: '10.00', is_urgent: false }, expected: false },
    {
      case: 'a STAT order let through over a warn budget',
      order: { total_amount: '10.00', is_urgent: true, isOverSpend: true },
      expected: false,
    },
  ])('$case → $expected', ({ order, expected }) => {
    expect(qualifiesAsStat(preference, order)).toBe(expected);
    expect(qualifiesForAutoApproval(preference, order.total_amount, order)).toBe(expected);
  });

  it('approves no STAT order while the STAT amount is off (null)', () => {
    expect(qualifiesAsStat({ ...preference, statUnderAmount: null }, { total_amount: '1.00', is_urgent: true })).toBe(
      false,
    );
  });
});
