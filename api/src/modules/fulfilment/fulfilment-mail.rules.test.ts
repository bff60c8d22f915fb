import { describe, expect, it } from '@jest/globals';

import { expectedDeliveryText, fulfilmentMail, portionText } from './fulfilment-mail.rules.js';

const order = { order_number: 'SO-001077', user_email: 'doctor@example.test' };
const ordered = [
  { line_number: 1, title: 'Nitrile gloves, size M' },
  { line_number: 2, title: 'Gauze pads 4x4' },
];
const URL = 'https://supply.example.test';

describe('expectedDeliveryText', () => {
  it('names each day once', () => {
    expect(expectedDeliveryText(['2026-11-30T00:00:00Z', '2026-11-30T00:00:00Z'])).toBe(
      ' Expected delivery: Nov 30, 2026.',
    );
    expect(expectedDeliveryText(['2026-11-30T00:00:00Z', null, '2026-12-02T00:00:00Z'])).toBe(
      ' Expected delivery: Nov 30, 2026, Dec 2, 2026.',
    );
    expect(expectedDeliveryText([null, undefined])).toBe('');
  });
});

describe('portionText', () => {
  it('says how many of which item', () => {
    expect(portionText({ line_number: 1, quantity: 2 }, ordered)).toBe('2 × Nitrile gloves, size M (line 1)');
    expect(portionText({ line_number: 9, quantity: 2 }, ordered)).toBe('2 × the item of line 9');
  });
});

describe('fulfilmentMail', () => {
  it('the confirmation names the expected day once', () => {
    const mail = fulfilmentMail(
      order,
      {
        type: 'confirmed',
        details: {
          lines: [
            { line_number: 1, quantity: 2, delivery_date: '2026-11-30T00:00:00Z' },
            { line_number: 2, quantity: 1, delivery_date: '2026-11-30T00:00:00Z' },
          ],
        },
      },
      URL,
      ordered,
    );
    expect(mail?.text).toBe(
      `The supplier confirmed your order SO-001077. Expected delivery: Nov 30, 2026.\n\nSee it at ${URL}/orders`,
    );
  });

  it('a backorder names the items and their dates', () => {
    const mail = fulfilmentMail(
      order,
      {
        type: 'backordered',
        details: { lines: [{ line_number: 1, quantity: 2, delivery_date: '2026-12-12T00:00:00Z' }] },
      },
      URL,
      ordered,
    );
    expect(mail?.text).toBe(
      `The supplier backordered part of your order SO-001077:\n- 2 × Nitrile gloves, size M (line 1), expected Dec 12, 2026\n\nSee it at ${URL}/orders`,
    );
  });

  it('a rejection of one line says it is one item, not the order; a rejection of the order says so', () => {
    const oneLine = fulfilmentMail(
      order,
      { type: 'rejected_by_supplier', details: { lines: [{ line_number: 2, quantity: 3, reason: 'Discontinued' }] } },
      URL,
      ordered,
    );
    expect(oneLine?.subject).toBe('The supplier rejected items of order SO-001077');
    expect(oneLine?.text).toBe(
      `The supplier rejected an item of your order SO-001077:\n- 3 × Gauze pads 4x4 (line 2) — Discontinued\n\nSee it at ${URL}/orders`,
    );
    expect(oneLine?.text).not.toContain('rejected your order');
    const whole = fulfilmentMail(order, { type: 'rejected_by_supplier', details: { reason: 'Account on hold' } }, URL);
    expect(whole?.subject).toBe('The supplier rejected order SO-001077');
    expect(whole?.text).toBe(
      `The supplier rejected your order SO-001077 in full.\n\nReason: Account on hold\n\nSee it at ${URL}/orders`,
    );
  });
});
