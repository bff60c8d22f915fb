import { describe, expect, it } from '@jest/globals';
import type { Order } from '@supply-hub/api/contracts';

import { countByTab, departmentsOf, filterOrders, parseOrderTab } from './order-filters.rules';

const order = (id: string, status: string, delivery_location: string | null) =>
  ({ id, status, delivery_location }) as Order;
const orders = [
  order('1', 'pending', 'ICU'),
  order('2', 'approved', 'Default'),
  order('3', 'mystery', null),
  order('4', 'rejected', 'ICU'),
];

describe('the orders tabs and department filter', () => {
  it('reads a known status tab, else All Orders', () => {
    expect(parseOrderTab('failed')).toBe('failed');
    expect(parseOrderTab('mystery')).toBe('all');
    expect(parseOrderTab(null)).toBe('all');
  });

  it("lists departments sorted, an order without one (or 'Default') as Medical", () => {
    expect(departmentsOf(orders)).toEqual(['ICU', 'Medical']);
  });

  it('counts each tab within the department, unknown statuses as pending', () => {
    expect(countByTab(orders, 'all')).toEqual({
      all: 4,
      pending: 2,
      approved: 1,
      submitted: 0,
      failed: 0,
      rejected: 1,
    });
    expect(countByTab(orders, 'Medical')).toMatchObject({ all: 2, pending: 1, approved: 1 });
  });

  it('filters by tab and department together', () => {
    expect(filterOrders(orders, 'pending', 'all').map((o) => o.id)).toEqual(['1', '3']);
    expect(filterOrders(orders, 'all', 'ICU').map((o) => o.id)).toEqual(['1', '4']);
    expect(filterOrders(orders, 'pending', 'Medical').map((o) => o.id)).toEqual(['3']);
  });
});
