import { describe, expect, it } from '@jest/globals';

import { matchInvoice, priceReason, type MatchInput } from './invoice-match.rules.js';

function input(overrides: Partial<MatchInput> = {}): MatchInput {
  return {
    lines: [
      { invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.00' },
      { invoiceLineNumber: 2, lineNumber: 2, quantity: 4, unitPrice: '12.34' },
    ],
    summary: { subtotal: '99.36', tax: '8.00', gross: '107.36', net: '107.36', due: '107.36' },
    orderPrices: new Map([
      [1, '5.00'],
      [2, '12.34'],
    ]),
    received: new Map([
      [1, 10],
      [2, 4],
    ]),
    invoicedBefore: new Map(),
    tolerancePercent: 2,
    ...overrides,
  };
}

describe('priceReason', () => {
  it.each([
    ['the same price', 500, 500, 2, null],
    ['exactly 2 % above', 510, 500, 2, null],
    ['just over 2 % above', 511, 500, 2, "Unit price $5.11 is 2.2 % above the order's $5.00 (tolerance 2 %)"],
    ['5 % above', 525, 500, 2, "Unit price $5.25 is 5 % above the order's $5.00 (tolerance 2 %)"],
    ['2 % below', 490, 500, 2, null],
    ['10 % below', 450, 500, 2, "Unit price $4.50 is 10 % below the order's $5.00 (tolerance 2 %)"],
    ['5 % above with a 5 % tolerance', 525, 500, 5, null],
    [
      'any difference with a 0 % tolerance',
      501,
      500,
      0,
      "Unit price $5.01 is 0.2 % above the order's $5.00 (tolerance 0 %)",
    ],
    ['2.5 % with a 2.5 % tolerance', 1025, 1000, 2.5, null],
  ])('%s', (_case, invoiced, ordered, tolerance, expected) => {
    expect(priceReason(invoiced, ordered, tolerance)).toBe(expected);
  });
});

describe('matchInvoice', () => {
  it.each<[string, Partial<MatchInput>, 'matched' | 'exception', string[], string[][]]>([
    ['an exact invoice is matched', {}, 'matched', [], [[], []]],
    [
      'a price within the tolerance is matched',
      {
        lines: [
          { invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.10' },
          { invoiceLineNumber: 2, lineNumber: 2, quantity: 4, unitPrice: '12.34' },
        ],
        summary: { subtotal: '100.36', tax: '8.00', gross: null, net: '108.36', due: null },
      },
      'matched',
      [],
      [[], []],
    ],
    [
      'a price over the tolerance is an exception on its line',
      {
        lines: [
          { invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.25' },
          { invoiceLineNumber: 2, lineNumber: 2, quantity: 4, unitPrice: '12.34' },
        ],
        summary: { subtotal: '101.86', tax: '8.00', gross: null, net: '109.86', due: '109.86' },
      },
      'exception',
      [],
      [["Unit price $5.25 is 5 % above the order's $5.00 (tolerance 2 %)"], []],
    ],
    [
      'more than was received is an exception',
      {
        received: new Map([
          [1, 6],
          [2, 4],
        ]),
      },
      'exception',
      [],
      [['Order line 1: 10 invoiced, but 6 received'], []],
    ],
    [
      'earlier invoices count against what was received',
      {
        lines: [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 5, unitPrice: '5.00' }],
        summary: { subtotal: '25.00', tax: '0.00', gross: null, net: '25.00', due: null },
        invoicedBefore: new Map([[1, 6]]),
      },
      'exception',
      [],
      [['Order line 1: 5 invoiced here and 6 on earlier invoices, but 10 received']],
    ],
    [
      'nothing received yet is an exception',
      { received: new Map() },
      'exception',
      [],
      [['Order line 1: 10 invoiced, but 0 received'], ['Order line 2: 4 invoiced, but 0 received']],
    ],
    [
      'a subtotal that is not the sum of the lines is an exception',
      { summary: { subtotal: '100.00', tax: '8.00', gross: null, net: '108.00', due: null } },
      'exception',
      ['The lines add up to $99.36, but SubtotalAmount is $100.00'],
      [[], []],
    ],
    [
      'a net amount that is not subtotal plus tax is an exception',
      { summary: { subtotal: '99.36', tax: '8.00', gross: null, net: '110.00', due: null } },
      'exception',
      ['SubtotalAmount $99.36 + Tax $8.00 is $107.36, but NetAmount is $110.00'],
      [[], []],
    ],
    [
      'a line the order does not have (never ordered, or rejected by the approver) is an exception',
      { orderPrices: new Map([[1, '5.00']]), received: new Map([[1, 10]]) },
      'exception',
      [],
      [
        [],
        [
          'Order line 2 is not on the order: it was not ordered or was rejected by the approver',
          'Order line 2: 4 invoiced, but 0 received',
        ],
      ],
    ],
  ])('%s', (_case, overrides, status, reasons, lineReasons) => {
    const result = matchInvoice(input(overrides));
    expect(result.status).toBe(status);
    expect(result.reasons).toEqual(reasons);
    expect(result.lines.map((line) => line.reasons)).toEqual(lineReasons);
  });

  it('keeps the order price and the received quantity beside each line', () => {
    expect(matchInvoice(input({ received: new Map([[1, 7]]) })).lines[0]).toEqual({
      invoiceLineNumber: 1,
      orderUnitPrice: '5.00',
      receivedQuantity: 7,
      reasons: ['Order line 1: 10 invoiced, but 7 received'],
    });
  });
});
