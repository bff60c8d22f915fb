import { describe, expect, it } from '@jest/globals';

import { planDemoOrders, statusFor, type DemoProduct } from './demo-orders.rules.js';

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

describe('demo STAT orders', () => {
  const products: DemoProduct[] = Array.from({ length: 10 }, (_, index) => ({
    id: `p${index}`,
    asin: `B0DEMO000${index}`,
    sku: null,
    title: `Product ${index}`,
    price: `${index + 3}.50`,
    amazon_price: null,
  }));
  const plans = planDemoOrders(products, 4, 72);
  const stat = plans.filter((plan) => plan.urgentReason !== null);

  it('a fresh demo opens the Approvals inbox on a STAT order: the newest pending order is one', () => {
    const pending = plans.filter((plan) => plan.status === 'pending');
    expect(pending.at(-1)?.urgentReason).toEqual(expect.any(String));
  });

  it('a few recent orders are STAT, with reasons a report can count (3–200 characters, no patient details)', () => {
    expect(stat.length).toBeGreaterThanOrEqual(4);
    expect(stat.length).toBeLessThanOrEqual(12);
    expect(new Set(stat.map((plan) => plan.urgentReason)).size).toBeGreaterThanOrEqual(3);
    for (const plan of stat) {
      expect(plan.daysAgo).toBeLessThanOrEqual(90);
      expect(plan.urgentReason!.length).toBeGreaterThanOrEqual(3);
      expect(plan.urgentReason!.length).toBeLessThanOrEqual(200);
    }
  });
});
