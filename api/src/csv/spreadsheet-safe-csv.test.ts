import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';

import { neutraliseFormula, toSpreadsheetSafeCsv } from './spreadsheet-safe-csv.js';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

describe('spreadsheet-safe CSV', () => {
  it('never lets a cell that a spreadsheet would evaluate start with a formula character', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRIGGERS), fc.string(), (trigger, rest) => {
        const value = `${trigger}${rest}`;
        const csv = toSpreadsheetSafeCsv([{ title: value }], ['title']);
        const [, row] = parse(csv) as string[][];
        const cell = row?.[0] ?? '';
        const isPlainNumber = /^-?\d+(\.\d+)?$/.test(value);
        expect(isPlainNumber || !TRIGGERS.includes(cell[0] ?? '')).toBe(true);
        expect(cell.endsWith(value) || cell === value).toBe(true);
      }),
    );
  });

  it('leaves ordinary text and negative numbers alone', () => {
    expect(neutraliseFormula('Nitrile gloves')).toBe('Nitrile gloves');
    expect(neutraliseFormula('-12.50')).toBe('-12.50');
    expect(neutraliseFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
  });

  it('writes the header even when there are no rows', () => {
    expect(toSpreadsheetSafeCsv([], ['asin', 'title'])).toBe('"asin","title"\n');
  });
});
