import { describe, expect, it } from '@jest/globals';
import type { Cart, Product } from '@supply-hub/api/contracts';

import { requiredLevels } from '@supply-hub/api/contracts/approval-levels.rules';

import {
  approvalsNeededText,
  budgetPanelFigures,
  cartTotalCents,
  moneyText,
  monthlyLimitFigures,
  usd,
} from './budget-panel.rules';

describe('the cart budget panel', () => {
  it.each([
    // amount, remaining, order → after, tone
    ['1000.00', '1000.00', 10000, 90000, 'green'],
    ['1000.00', '300.00', 10000, 20000, 'amber'], // 80 % committed after it
    ['1000.00', '300.00', 9999, 20001, 'green'],
    ['1000.00', '40.00', 4000, 0, 'amber'],
    ['1000.00', '40.00', 4001, -1, 'red'],
    ['1000.00', '-6.00', 0, -600, 'red'],
  ] as const)('amount %s, remaining %s, order %i cents: %i after, %s', (amount, remaining, order, after, tone) => {
    expect(budgetPanelFigures({ amount, remaining }, order)).toMatchObject({ afterCents: after, tone });
  });

  it('totals the cart as the server prices it', () => {
    const product = (price: string | null, amazon: string | null) =>
      ({ asin: 'A', title: 'A', price, amazon_price: amazon }) as Product;
    const cart: Pick<Cart, 'items'> = {
      items: [
        { product: product('12.50', '1.00'), quantity: 2, added_at: '' },
        { product: product(null, '3.25'), quantity: 3, added_at: '' },
        { product: product(null, null), quantity: 1, added_at: '' },
      ],
    };
    expect(cartTotalCents(cart)).toBe(3475);
  });

  it('writes money as a nurse reads it', () => {
    expect([usd(4000), usd(123456789), usd(-600), usd(5)]).toEqual(['$40.00', '$1,234,567.89', '-$6.00', '$0.05']);
  });

  it.each([
    ['20.00', null, 'Admin'],
    ['1000.00', null, 'Admin, then Finance or Admin'],
    ['150.00', '100.00', 'Admin, then Finance or Admin'],
    ['1500.00', '1000.00', 'Admin, then Finance or Admin, then another Finance or Admin'],
    ['20.00', '10.00', 'Admin, then Finance or Admin'],
  ] as const)('an order of $%s (per-order limit %s) needs approval by: %s', (total, limit, text) => {
    const levels = [
      { level: 1, threshold: '0.00', roles: ['admin' as const] },
      { level: 2, threshold: '1000.00', roles: ['finance' as const, 'admin' as const] },
    ];
    expect(approvalsNeededText(requiredLevels(levels, total, limit))).toBe(text);
  });

  it('names roles in plain words and counts the monthly limit against the order', () => {
    expect(approvalsNeededText([{ roles: ['logistics_admin', 'admin', 'super_admin'] }])).toBe(
      'Logistics admin or Admin',
    );
    expect(moneyText(123456)).toBe('1234.56');
    expect(monthlyLimitFigures({ monthly_limit: null, monthly_committed: '0.00' }, 100)).toBeUndefined();
    expect(monthlyLimitFigures({ monthly_limit: '500.00', monthly_committed: '460.00' }, 4001)).toEqual({
      limitCents: 50000,
      remainingCents: 4000,
      afterCents: -1,
      isOver: true,
    });
  });
});
