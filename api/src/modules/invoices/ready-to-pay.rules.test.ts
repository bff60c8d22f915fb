import { describe, expect, it } from '@jest/globals';

import { findOverReceived, holdOverReceived, overReceivedText, type ReadyToPayLine } from './ready-to-pay.rules.js';

const line = (lineNumber: number, quantity: number, unitPrice = '5.00') => ({ lineNumber, quantity, unitPrice });
const ready = (quantity: number, amountCents: number, highestPriceCents: number): ReadyToPayLine => ({
  quantity,
  amountCents,
  highestPriceCents,
});

describe('findOverReceived', () => {
  it.each<[string, ReturnType<typeof line>[], [number, ReadyToPayLine][], [number, number][], string | null]>([
    ['all received, nothing else ready to pay', [line(1, 10)], [], [[1, 10]], null],
    ['fewer received', [line(1, 10)], [], [[1, 6]], 'order line 1: 10 would be ready to pay, but 6 received'],
    ['nothing received', [line(2, 4)], [], [], 'order line 2: 4 would be ready to pay, but 0 received'],
    [
      'other ready-to-pay invoices of the line count',
      [line(1, 4)],
      [[1, ready(8, 4000, 500)]],
      [[1, 10]],
      'order line 1: 12 would be ready to pay (4 on this invoice, 8 on others), but 10 received',
    ],
    ['other lines do not count', [line(1, 10)], [[2, ready(8, 4000, 500)]], [[1, 10]], null],
    [
      'an amount within received × the highest accepted price',
      [line(1, 5, '5.00')],
      [[1, ready(5, 5000, 1000)]],
      [[1, 10]],
      null,
    ],
    [
      'an amount beyond it',
      [line(1, 5, '5.00')],
      [[1, ready(5, 5000, 600)]],
      [[1, 10]],
      'order line 1: $75.00 would be ready to pay, more than the 10 received at $6.00 ($60.00)',
    ],
  ])('%s', (_case, here, others, received, expected) => {
    const over = findOverReceived(here, new Map(others), new Map(received));
    expect(over ? overReceivedText(over) : null).toBe(expected);
  });
});

describe('holdOverReceived', () => {
  it('turns a match beyond what was received into an exception, the line saying why', () => {
    const matched = {
      status: 'matched' as const,
      reasons: [],
      lines: [1, 2].map((invoiceLineNumber) => ({
        invoiceLineNumber,
        orderUnitPrice: '5.00',
        receivedQuantity: 10,
        reasons: [],
      })),
    };
    const over = findOverReceived(
      [line(1, 2), line(2, 4)],
      new Map([[2, ready(8, 4000, 500)]]),
      new Map([
        [1, 2],
        [2, 10],
      ]),
    );
    const held = holdOverReceived(matched, over, [1, 2]);
    expect(held.status).toBe('exception');
    expect(held.lines.map((entry) => entry.reasons)).toEqual([
      [],
      ['Order line 2: 12 would be ready to pay (4 on this invoice, 8 on others), but 10 received'],
    ]);
    expect(holdOverReceived(matched, null, [1, 2])).toBe(matched);
  });
});
