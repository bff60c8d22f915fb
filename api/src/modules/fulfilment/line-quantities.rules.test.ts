import { describe, expect, it } from '@jest/globals';

import type { ConfirmationVersion } from './fulfilment.rules.js';
import {
  findQuantityBreach,
  lineQuantitiesOf,
  quantityBreachText,
  type LineQuantities,
  type QuantityBreach,
  type QuantityRule,
} from './line-quantities.rules.js';

const LINES = [
  { line_number: 1, asin: 'B000GLOVES', title: 'Gloves', quantity: 10, unit_price: '5.00' },
  { line_number: 2, asin: 'B000GAUZE1', title: 'Gauze', quantity: 4, unit_price: '12.34' },
];

const line = (quantities: Partial<LineQuantities> = {}): LineQuantities => ({
  line_number: 1,
  ordered: 10,
  confirmed: 0,
  backordered: 0,
  rejected: 0,
  shipped: 0,
  received: 0,
  ...quantities,
});

const entry = (
  line_number: number,
  status: ConfirmationVersion['lines'][number]['status'],
  quantity: number,
): ConfirmationVersion['lines'][number] => ({
  line_number,
  status,
  quantity,
  delivery_date: null,
  unit_price: null,
  supplier_part_id: null,
  comments: null,
});

const confirmation = (type: string, lines: ConfirmationVersion['lines'] = []): ConfirmationVersion => ({
  id: type,
  confirmation_type: type,
  comments: null,
  lines,
});

describe('findQuantityBreach', () => {
  const cases: [
    string,
    LineQuantities[],
    readonly QuantityRule[] | undefined,
    LineQuantities[] | undefined,
    Partial<QuantityBreach> | null,
  ][] = [
    ['nothing yet', [line()], undefined, undefined, null],
    [
      'everything at its limit',
      [line({ confirmed: 6, rejected: 4, shipped: 6, received: 6 })],
      undefined,
      undefined,
      null,
    ],
    [
      'confirmed, backordered and rejected over ordered',
      [line({ confirmed: 6, backordered: 3, rejected: 2 })],
      undefined,
      undefined,
      { rule: 'covered', quantity: 11 },
    ],
    [
      'shipped over what was not rejected',
      [line({ rejected: 6, shipped: 6 })],
      undefined,
      undefined,
      { rule: 'shipped', quantity: 6, rejected: 6 },
    ],
    [
      'shipped anything of a wholly rejected line',
      [line({ rejected: 10, shipped: 1 })],
      undefined,
      undefined,
      { rule: 'shipped', quantity: 1 },
    ],
    [
      'received over what was not rejected',
      [line({ rejected: 4, received: 7 })],
      undefined,
      undefined,
      { rule: 'received', quantity: 7 },
    ],
    ['received before any ship notice, within the limit', [line({ received: 10 })], undefined, undefined, null],
    ['a breach of a rule not asked about', [line({ rejected: 4, received: 7 })], ['shipped'], undefined, null],
    [
      'the first line in line order',
      [line({ line_number: 3, rejected: 4, shipped: 9 }), line({ line_number: 2, rejected: 1, received: 10 })],
      undefined,
      undefined,
      { rule: 'received', line_number: 2 },
    ],
    [
      'a line already over its limit, left no worse',
      [line({ rejected: 4, shipped: 8 })],
      undefined,
      [line({ rejected: 4, shipped: 8 })],
      null,
    ],
    [
      'a line already over its limit, taken further over',
      [line({ rejected: 4, shipped: 9 })],
      undefined,
      [line({ rejected: 4, shipped: 8 })],
      { rule: 'shipped', quantity: 9 },
    ],
    [
      'a line already over its limit, which a rejection takes further over',
      [line({ rejected: 6, shipped: 8 })],
      undefined,
      [line({ rejected: 4, shipped: 8 })],
      { rule: 'shipped', quantity: 8, rejected: 6 },
    ],
    [
      'a line newly over beside one already over',
      [line({ rejected: 4, shipped: 8 }), line({ line_number: 2, rejected: 4, received: 7 })],
      undefined,
      [line({ rejected: 4, shipped: 8 }), line({ line_number: 2, rejected: 4 })],
      { rule: 'received', line_number: 2 },
    ],
  ];
  it.each(cases)('%s', (_name, lines, rules, before, expected) => {
    const breach = findQuantityBreach(lines, rules, before);
    if (expected === null) expect(breach).toBeNull();
    else expect(breach).toMatchObject(expected);
  });
});

describe('quantityBreachText', () => {
  it.each([
    [
      { rule: 'shipped', line_number: 2, ordered: 10, rejected: 6, quantity: 6 },
      'Line 2 of SO-001234: 6 shipped, but only 4 of 10 were not rejected by the supplier',
    ],
    [
      { rule: 'received', line_number: 1, ordered: 4, rejected: 4, quantity: 1 },
      'Line 1 of SO-001234: 1 received, but only 0 of 4 were not rejected by the supplier',
    ],
    [
      { rule: 'covered', line_number: 1, ordered: 10, rejected: 2, quantity: 11 },
      'Line 1 of SO-001234: 11 confirmed, backordered or rejected, but only 10 were ordered',
    ],
  ] as [QuantityBreach, string][])('names the rule, the line and the quantities (%#)', (breach, text) => {
    expect(quantityBreachText(breach, 'SO-001234')).toBe(text);
  });
});

describe('lineQuantitiesOf', () => {
  const of = (input: Partial<Parameters<typeof lineQuantitiesOf>[0]>) =>
    lineQuantitiesOf({ lines: LINES, confirmations: [], shipments: [], receipts: [], ...input });

  it('counts a whole-order reject as every line rejected', () => {
    expect(of({ confirmations: [confirmation('reject')] }).map((quantities) => quantities.rejected)).toEqual([10, 4]);
  });

  it('takes each line from the newest confirmation in force that mentions it', () => {
    const older = confirmation('detail', [entry(1, 'accept', 6), entry(1, 'reject', 4), entry(2, 'reject', 4)]);
    const newer = confirmation('detail', [entry(1, 'accept', 10)]);
    expect(of({ confirmations: [older, newer] })).toEqual([
      expect.objectContaining({ line_number: 1, confirmed: 10, rejected: 0 }),
      expect.objectContaining({ line_number: 2, confirmed: 0, rejected: 4 }),
    ]);
  });

  it('adds up shipments and receipts per line', () => {
    const shipment = (quantity: number) => ({
      delivery_date: null,
      lines: [{ line_number: 1, quantity, lot: null, expiry_date: null }],
    });
    expect(
      of({
        shipments: [shipment(3), shipment(4)],
        receipts: [
          { line_number: 1, quantity: 2 },
          { line_number: 2, quantity: 1 },
          { line_number: 1, quantity: 5 },
        ],
      }),
    ).toEqual([
      expect.objectContaining({ line_number: 1, shipped: 7, received: 7 }),
      expect.objectContaining({ line_number: 2, shipped: 0, received: 1 }),
    ]);
  });
});
