import { describe, expect, it } from '@jest/globals';

import { ORDER_STATUSES } from '../../contracts/orders.js';
import { canTransition } from './order-status.rules.js';

describe('the order status machine', () => {
  const allowed = new Set([
    'pending>approved',
    'pending>rejected',
    'approved>submitted',
    'approved>failed',
    'failed>submitted',
    'failed>failed',
  ]);
  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('knows no transition out of an unknown status', () => {
    expect(canTransition('shipped', 'approved')).toBe(false);
  });
});
