import { describe, expect, it } from '@jest/globals';

import { inFullReceiptOf } from './receipts.rules.js';

const line = (overrides: Partial<Parameters<typeof inFullReceiptOf>[0][number]>) => ({
  line_number: 1,
  title: 'Nitrile gloves M',
  ordered: 5,
  rejected_quantity: 0,
  received_quantity: 0,
  shipped_quantity: 0,
  backordered_quantity: 0,
  ...overrides,
});

describe('inFullReceiptOf', () => {
  it('receives what was shipped and not yet received, and names what was not shipped', () => {
    const lines = [
      line({ shipped_quantity: 3, backordered_quantity: 2 }),
      line({ line_number: 2, title: 'Gauze', ordered: 4, shipped_quantity: 4, received_quantity: 1 }),
    ];
    expect(inFullReceiptOf(lines, false)).toEqual({
      lines: [
        { line_number: 1, quantity: 3 },
        { line_number: 2, quantity: 3 },
      ],
      notShipped: [{ line_number: 1, title: 'Nitrile gloves M', quantity: 2, backordered: 2 }],
    });
    expect(inFullReceiptOf(lines, true).lines).toEqual([
      { line_number: 1, quantity: 5 },
      { line_number: 2, quantity: 3 },
    ]);
  });

  it('never receives rejected units, and counts receipts made before the ship notice', () => {
    expect(inFullReceiptOf([line({ rejected_quantity: 2, received_quantity: 2, shipped_quantity: 1 })], true)).toEqual({
      lines: [{ line_number: 1, quantity: 1 }],
      notShipped: [{ line_number: 1, title: 'Nitrile gloves M', quantity: 1, backordered: 0 }],
    });
    expect(inFullReceiptOf([line({ received_quantity: 5, shipped_quantity: 5 })], true)).toEqual({
      lines: [],
      notShipped: [],
    });
  });
});
