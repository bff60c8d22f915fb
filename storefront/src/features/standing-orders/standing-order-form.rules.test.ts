import { describe, expect, it } from '@jest/globals';

import {
  editLinesOf,
  linesToSave,
  NO_LINES_MESSAGE,
  parseQuantity,
  quantityError,
  scheduleDraftOf,
  scheduleOf,
  withCartLines,
} from './standing-order-form.rules';

const fluids = { asin: 'B0FLUIDS01', title: 'IV fluid 1 L', quantity: '12' };
const gloves = { asin: 'B0GLOVES01', title: 'Exam gloves', quantity: '2' };

describe('withCartLines', () => {
  it('adds the cart’s quantities to the lines it already has and appends the others in the cart’s order', () => {
    const merged = withCartLines(
      [fluids, gloves],
      [
        { asin: 'B0MASKS001', title: 'Masks', quantity: 5 },
        { asin: gloves.asin, title: gloves.title, quantity: 3 },
      ],
    );
    expect(merged).toEqual([
      fluids,
      { ...gloves, quantity: '5' },
      { asin: 'B0MASKS001', title: 'Masks', quantity: '5' },
    ]);
  });

  it('leaves the lines it was given alone, counts a quantity not typed yet as none, and does not cut a sum past the limit', () => {
    const lines = [
      { ...fluids, quantity: '' },
      { ...gloves, quantity: '9998' },
    ];
    const merged = withCartLines(lines, [
      { asin: fluids.asin, title: fluids.title, quantity: 4 },
      { asin: gloves.asin, title: gloves.title, quantity: 2 },
    ]);
    expect(merged.map((line) => line.quantity)).toEqual(['4', '10000']);
    expect(lines[0]!.quantity).toBe('');
    expect(quantityError(merged[1]!.quantity)).toBe('Enter a whole number from 1 to 9999');
  });

  it('with an empty cart changes nothing', () => {
    expect(withCartLines([fluids], [])).toEqual([fluids]);
  });
});

describe('quantities and lines to save', () => {
  it('takes whole numbers from 1 to 9999 only', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity(' 9999 ')).toBe(9999);
    for (const text of ['0', '10000', '2.5', '-1', '', 'ten', '1e3']) expect(parseQuantity(text)).toBeUndefined();
    expect(quantityError('12')).toBeUndefined();
  });

  it('refuses no lines and a bad quantity, and sends numbers otherwise', () => {
    expect(linesToSave([])).toEqual({ error: NO_LINES_MESSAGE });
    expect(NO_LINES_MESSAGE).toBe('A standing order needs at least one item.');
    expect(linesToSave([fluids, { ...gloves, quantity: '0' }])).toEqual({
      error: 'Check the quantity of Exam gloves.',
    });
    expect(linesToSave([fluids, gloves])).toEqual({
      lines: [
        { asin: fluids.asin, quantity: 12 },
        { asin: gloves.asin, quantity: 2 },
      ],
    });
  });

  it('starts from the standing order’s lines, an unnamed product by its ASIN', () => {
    expect(editLinesOf({ lines: [{ asin: 'B0GONE0001', title: null, quantity: 3 }] })).toEqual([
      { asin: 'B0GONE0001', title: 'B0GONE0001', quantity: '3' },
    ]);
  });
});

describe('schedule drafts', () => {
  it('round-trip both kinds and start weekly on Monday', () => {
    expect(scheduleDraftOf()).toEqual({ kind: 'weekly', weekdays: [1], day: '1' });
    expect(scheduleOf(scheduleDraftOf({ kind: 'weekly', weekdays: [1, 4] }))).toEqual({
      kind: 'weekly',
      weekdays: [1, 4],
    });
    expect(scheduleOf(scheduleDraftOf({ kind: 'monthly', day: 31 }))).toEqual({ kind: 'monthly', day: 31 });
    expect(scheduleOf({ kind: 'monthly', weekdays: [1], day: '15' })).toEqual({ kind: 'monthly', day: 15 });
  });
});
