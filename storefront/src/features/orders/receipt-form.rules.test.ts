import { describe, expect, it } from '@jest/globals';

import { draftFor, quantityProblem, receiptLinesOf, type LineDraft } from './receipt-form.rules';

const draft = (overrides: Partial<LineDraft> = {}): LineDraft => ({ ...draftFor([]), ...overrides });

describe('the "Receive part" form', () => {
  it('pre-fills lot and expiry from the ship notice’s first lot, and starts with nothing counted', () => {
    expect(
      draftFor([
        { lot: 'LOT-7', expiry_date: '2028-01-31' },
        { lot: 'LOT-8', expiry_date: null },
      ]),
    ).toEqual({
      quantity: '',
      condition: 'ok',
      note: '',
      lot: 'LOT-7',
      expiry_date: '2028-01-31',
    });
    expect(draftFor([])).toMatchObject({ lot: '', expiry_date: '' });
  });

  it.each([
    ['', 5, null],
    ['3', 5, null],
    ['5', 5, null],
    ['6', 5, 'At most 5'],
    ['0', 5, 'Enter a whole number of at least 1'],
    ['1.5', 5, 'Enter a whole number of at least 1'],
    ['-2', 5, 'Enter a whole number of at least 1'],
  ])('quantity %p of %i remaining: %p', (value, remaining, problem) => {
    expect(quantityProblem(value, remaining)).toBe(problem);
  });

  it('sends the counted lines with their condition, and note, lot and expiry only when given', () => {
    const remaining = [
      { line_number: 1, quantity: 4 },
      { line_number: 2, quantity: 2 },
      { line_number: 3, quantity: 1 },
    ];
    expect(
      receiptLinesOf(
        {
          1: draft({
            quantity: '3',
            condition: 'damaged',
            note: '  Crushed box ',
            lot: 'LOT-7',
            expiry_date: '2028-01-31',
          }),
          2: draft({ quantity: '' }),
          3: draft({ quantity: '1', condition: 'short' }),
        },
        remaining,
      ),
    ).toEqual([
      {
        line_number: 1,
        quantity: 3,
        condition: 'damaged',
        note: 'Crushed box',
        lot: 'LOT-7',
        expiry_date: '2028-01-31',
      },
      { line_number: 3, quantity: 1, condition: 'short' },
    ]);
    expect(receiptLinesOf({ 1: draft({ quantity: '5' }) }, remaining)).toBeNull();
    expect(receiptLinesOf({ 2: draft() }, remaining)).toBeNull();
  });
});
