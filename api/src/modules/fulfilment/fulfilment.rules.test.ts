import { describe, expect, it } from '@jest/globals';

import { deriveFulfilment, type ConfirmationVersion, type FulfilmentInput } from './fulfilment.rules.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const LINES = [
  { line_number: 1, asin: 'B000GLOVES', title: 'Gloves', quantity: 10, unit_price: '5.00' },
  { line_number: 2, asin: 'B000GAUZE1', title: 'Gauze', quantity: 4, unit_price: '12.34' },
];

function input(overrides: Partial<FulfilmentInput> = {}): FulfilmentInput {
  return {
    orderStatus: 'submitted',
    lines: LINES,
    confirmations: [],
    shipments: [],
    receipts: [],
    now: NOW,
    ...overrides,
  };
}

function confirmation(type: string, lines: ConfirmationVersion['lines'] = [], comments: string | null = null) {
  return { id: String(Math.random()), confirmation_type: type, comments, lines };
}

function status(
  line_number: number,
  kind: ConfirmationVersion['lines'][number]['status'],
  quantity: number,
  extra: Partial<ConfirmationVersion['lines'][number]> = {},
): ConfirmationVersion['lines'][number] {
  return {
    line_number,
    status: kind,
    quantity,
    delivery_date: null,
    unit_price: null,
    supplier_part_id: null,
    comments: null,
    ...extra,
  };
}

describe('deriveFulfilment: the order fulfilment status from line quantities', () => {
  it.each([
    ['an order not yet sent has none', input({ orderStatus: 'approved' }), null],
    ['a sent order without a confirmation awaits one', input(), 'awaiting_confirmation'],
    ['a whole-order accept confirms every line', input({ confirmations: [confirmation('accept')] }), 'confirmed'],
    [
      'a whole-order reject is rejected by the supplier',
      input({ confirmations: [confirmation('reject', [], 'Discontinued')] }),
      'rejected_by_supplier',
    ],
    [
      'a line partly backordered makes the order backordered',
      input({
        confirmations: [
          confirmation('detail', [status(1, 'accept', 6), status(1, 'backordered', 4), status(2, 'accept', 4)]),
        ],
      }),
      'backordered',
    ],
    [
      'a line not confirmed yet leaves the order partially confirmed',
      input({ confirmations: [confirmation('detail', [status(1, 'accept', 10)])] }),
      'partially_confirmed',
    ],
    [
      'a line partly rejected leaves the order partially confirmed',
      input({ confirmations: [confirmation('except', [status(1, 'accept', 10), status(2, 'reject', 4)])] }),
      'partially_confirmed',
    ],
    [
      'some of it shipped',
      input({
        confirmations: [confirmation('accept')],
        shipments: [{ delivery_date: null, lines: [{ line_number: 1, quantity: 10, lot: null, expiry_date: null }] }],
      }),
      'partially_shipped',
    ],
    [
      'everything not rejected shipped',
      input({
        confirmations: [confirmation('except', [status(1, 'accept', 10), status(2, 'reject', 4)])],
        shipments: [{ delivery_date: null, lines: [{ line_number: 1, quantity: 10, lot: null, expiry_date: null }] }],
      }),
      'shipped',
    ],
    ['some of it received', input({ receipts: [{ line_number: 2, quantity: 4 }] }), 'partially_received'],
    [
      'everything received',
      input({
        receipts: [
          { line_number: 1, quantity: 6 },
          { line_number: 1, quantity: 4 },
          { line_number: 2, quantity: 4 },
        ],
      }),
      'received',
    ],
  ])('%s', (_name, given, expected) => {
    expect(deriveFulfilment(given).fulfilment_status).toBe(expected);
  });

  it('takes the newest confirmation that mentions a line, and closes a received order', () => {
    const result = deriveFulfilment(
      input({
        confirmations: [
          confirmation('detail', [status(1, 'backordered', 10, { delivery_date: new Date('2026-12-05T00:00:00Z') })]),
          confirmation('accept'),
        ],
        receipts: [
          { line_number: 1, quantity: 10 },
          { line_number: 2, quantity: 4 },
        ],
      }),
    );
    expect(result.lines[0]).toMatchObject({ confirmed_quantity: 10, backordered_quantity: 0 });
    expect(result).toMatchObject({ fulfilment_status: 'received', is_closed: true, is_overdue: false });
  });

  it('flags a price change or a substitution for review with the old and new figures', () => {
    const result = deriveFulfilment(
      input({
        confirmations: [
          confirmation('detail', [
            status(1, 'detail', 10, { unit_price: '5.50' }),
            status(2, 'detail', 4, { unit_price: '12.34', supplier_part_id: 'B000OTHER1' }),
          ]),
        ],
      }),
    );
    expect(result.lines.map((line) => line.needs_review)).toEqual([
      {
        old_unit_price: '5.00',
        new_unit_price: '5.50',
        old_supplier_part_id: 'B000GLOVES',
        new_supplier_part_id: null,
      },
      {
        old_unit_price: '12.34',
        new_unit_price: null,
        old_supplier_part_id: 'B000GAUZE1',
        new_supplier_part_id: 'B000OTHER1',
      },
    ]);
  });

  it('is overdue when the expected delivery date has passed and it is not all received', () => {
    const shipments = [
      {
        delivery_date: new Date('2026-11-26T00:00:00Z'),
        lines: [{ line_number: 1, quantity: 10, lot: 'LOT-7', expiry_date: '2028-01-31' }],
      },
    ];
    const result = deriveFulfilment(input({ shipments }));
    expect(result).toMatchObject({ is_overdue: true, expected_delivery_date: new Date('2026-11-26T00:00:00Z') });
    expect(result.lines[0]?.lots).toEqual([{ lot: 'LOT-7', expiry_date: '2028-01-31' }]);
    expect(deriveFulfilment(input({ shipments, now: new Date('2026-11-25T00:00:00Z') })).is_overdue).toBe(false);
  });
});
