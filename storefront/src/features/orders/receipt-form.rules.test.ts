import { describe, expect, it } from '@jest/globals';

import {
  draftFor,
  lineOfScan,
  quantityProblem,
  receiptLinesOf,
  scanNoteOf,
  withScan,
  type LineDraft,
} from './receipt-form.rules';

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

describe('a label scanned into the "Receive part" form', () => {
  const scan = { asin: 'B1', title: 'Gauze 4x4', units: 1, lot: 'L123', expiry: '2027-05-31' };
  const orderLines = [
    { line_number: 1, asin: 'B1', lots: [{ lot: 'LOT-A', expiry_date: '2028-01-31' }] },
    { line_number: 2, asin: 'B2', lots: [] },
    { line_number: 3, asin: 'B1', lots: [{ lot: 'L123', expiry_date: null }] },
    { line_number: 4, asin: 'B4', lots: [] },
  ];
  const remaining = [{ line_number: 1 }, { line_number: 2 }, { line_number: 3 }];

  it('belongs to the open line of its product, the one whose ship notice names its lot first', () => {
    expect(lineOfScan(orderLines, remaining, scan)).toBe(3);
    expect(lineOfScan(orderLines, remaining, { ...scan, lot: 'OTHER' })).toBe(1);
    expect(lineOfScan(orderLines, remaining, { ...scan, lot: null })).toBe(1);
    expect(lineOfScan(orderLines, [{ line_number: 3 }], { ...scan, lot: null })).toBe(3);
    expect(lineOfScan(orderLines, remaining, { ...scan, asin: 'B4' })).toBe('received');
    expect(lineOfScan(orderLines, remaining, { ...scan, asin: 'B9' })).toBe('not_on_order');
  });

  it('fills in lot and expiry, keeps what the label lacks, and takes an untouched line in with 1 item', () => {
    expect(withScan(draft({ lot: 'LOT-A', expiry_date: '2028-01-31' }), scan)).toEqual(
      draft({ quantity: '1', lot: 'L123', expiry_date: '2027-05-31' }),
    );
    expect(withScan(draft({ quantity: '3', lot: 'LOT-A', expiry_date: '2028-01-31' }), { ...scan, lot: null })).toEqual(
      draft({ quantity: '3', lot: 'LOT-A', expiry_date: '2027-05-31' }),
    );
    expect(withScan(draft({ lot: 'LOT-A' }), { ...scan, expiry: null })).toMatchObject({
      lot: 'L123',
      expiry_date: '',
    });
  });

  it('leaves the quantity alone for a pack’s label', () => {
    expect(withScan(draft(), { ...scan, units: 10 })).toEqual(
      draft({ quantity: '', lot: 'L123', expiry_date: '2027-05-31' }),
    );
    expect(withScan(draft({ quantity: '2' }), { ...scan, units: 10 }).quantity).toBe('2');
  });

  it('says what was read, or why nothing changed', () => {
    expect(scanNoteOf(scan, 1)).toEqual({
      severity: 'success',
      text: 'Scanned Gauze 4x4: lot L123, expires 2027-05-31.',
    });
    expect(scanNoteOf({ ...scan, expiry: null }, 1).text).toBe('Scanned Gauze 4x4: lot L123.');
    expect(scanNoteOf({ ...scan, lot: null }, 1).text).toBe('Scanned Gauze 4x4: expires 2027-05-31.');
    expect(scanNoteOf({ ...scan, lot: null, expiry: null }, 1).text).toBe(
      'Scanned Gauze 4x4: the label has no lot or expiry.',
    );
    expect(scanNoteOf({ ...scan, units: 10 }, 1).text).toBe(
      'Scanned Gauze 4x4: lot L123, expires 2027-05-31. The label is for a pack of 10: enter the quantity received.',
    );
    expect(scanNoteOf(scan, 'not_on_order')).toEqual({ severity: 'warning', text: 'Gauze 4x4 is not on this order.' });
    expect(scanNoteOf(scan, 'received')).toEqual({
      severity: 'warning',
      text: 'Gauze 4x4 has been received in full already.',
    });
  });
});
