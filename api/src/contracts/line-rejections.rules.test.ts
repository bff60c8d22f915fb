import { describe, expect, it } from '@jest/globals';

import { orderTotalAfterRejections, totalOfLinesKept } from './line-rejections.rules.js';

const lines = [
  { id: 'a', total_price: '12.98', rejection: { reason: 'In stock' } },
  { id: 'b', total_price: '1078.00', rejection: null },
];

describe('orderTotalAfterRejections', () => {
  it('leaves out the lines an approver rejected', () => {
    expect(orderTotalAfterRejections({ total_amount: '1078.00', lines })).toBe('1078.00');
  });

  it('sums every line while none is rejected', () => {
    const open = lines.map((line) => ({ ...line, rejection: null }));
    expect(orderTotalAfterRejections({ total_amount: '1090.98', lines: open })).toBe('1090.98');
  });

  it('falls back to total_amount for an order without lines', () => {
    expect(orderTotalAfterRejections({ total_amount: '42.10', lines: [] })).toBe('42.10');
  });

  it('agrees with the server’s total of the kept lines', () => {
    expect(orderTotalAfterRejections({ total_amount: '0', lines })).toBe(totalOfLinesKept(lines, new Set(['a'])));
  });
});
