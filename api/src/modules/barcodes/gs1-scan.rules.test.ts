import { describe, expect, it } from '@jest/globals';

import { readExpiry, readScan } from './gs1-scan.rules.js';
import { gs1CheckDigit, readGtin } from './gtin.rules.js';

const GS = '\u001d';

describe('GTINs', () => {
  it.each([
    ['4006381333931', '04006381333931'], // EAN-13
    ['9506000134352', '09506000134352'], // GS1's own example
    ['012345678905', '00012345678905'], // UPC-A
    ['96385074', '00000096385074'], // EAN-8
    ['10614141000415', '10614141000415'], // GTIN-14 of a case
  ])('reads %s as %s', (text, gtin) => {
    expect(readGtin(text)).toEqual({ gtin });
  });

  it.each([
    ['4006381333932', /wrong check digit \(it should end in 1\)/],
    ['09506000134353', /wrong check digit \(it should end in 2\)/],
    ['400638133393', /wrong check digit/],
    ['12345', /not a GTIN: a GTIN has 8, 12, 13 or 14 digits/],
    ['4006381A33931', /not a GTIN/],
  ])('refuses %s', (text, problem) => {
    expect(readGtin(text)).toEqual({ problem: expect.stringMatching(problem) });
  });

  it('computes the mod-10 check digit', () => {
    expect(gs1CheckDigit('950600013435')).toBe(2);
    expect(gs1CheckDigit('1061414100041')).toBe(5);
  });
});

describe('scans', () => {
  const code = (gtin: string, extra: Partial<{ lot: string; expiry: string; serial: string }> = {}) => ({
    code: { gtin, lot: null, expiry: null, serial: null, ...extra },
  });

  it.each([
    ['a plain EAN-13', '9506000134352', code('09506000134352')],
    ['a plain GTIN-14 with spaces around', ' 10614141000415 ', code('10614141000415')],
    [
      'the printed form with parentheses',
      '(01)09506000134352(17)271231(10)ABC123',
      code('09506000134352', { expiry: '2027-12-31', lot: 'ABC123' }),
    ],
    [
      'a GS1-128 scan with its symbology identifier and FNC1 after the lot',
      `]C1010950600013435217271231` + `10LOT-7${GS}21SN0042`,
      code('09506000134352', { expiry: '2027-12-31', lot: 'LOT-7', serial: 'SN0042' }),
    ],
    [
      'a GS1 DataMatrix scan (]d2), serial first',
      `]d201106141410004152112345${GS}17280600${GS}10B99`,
      code('10614141000415', { serial: '12345', expiry: '2028-06-30', lot: 'B99' }),
    ],
    [
      'a scanner that types FNC1 as {GS}',
      '0109506000134352' + '10ABC{GS}17290228',
      code('09506000134352', { lot: 'ABC', expiry: '2029-02-28' }),
    ],
    [
      'a USB scanner that sends FNC1 in first position as a group separator',
      `${GS}0109506000134352` + `17271231` + `10LOT-7${GS}21SN0042`,
      code('09506000134352', { expiry: '2027-12-31', lot: 'LOT-7', serial: 'SN0042' }),
    ],
    [
      'a GS1-128 scan with its symbology identifier and then the group separator',
      `]C1${GS}0109506000134352` + `10B99${GS}`,
      code('09506000134352', { lot: 'B99' }),
    ],
    [
      'a group separator before the DataMatrix identifier',
      `${GS}]d2${GS}01106141410004152112345${GS}17280600`,
      code('10614141000415', { serial: '12345', expiry: '2028-06-30' }),
    ],
    [
      'a GS1 QR Code scan (]Q3)',
      ']Q30109506000134352' + '17271231' + '10ABC',
      code('09506000134352', { expiry: '2027-12-31', lot: 'ABC' }),
    ],
    ['an EAN-13 with its symbology identifier (]E0)', ']E09506000134352', code('09506000134352')],
  ])('reads %s', (_name, text, expected) => {
    expect(readScan(text)).toEqual(expected);
  });

  it.each([
    ['a wrong check digit inside an element string', '(01)09506000134353(10)A1', /wrong check digit/],
    ['a truncated GTIN', '(01)0950600013435', /not a GS1 barcode we can read/],
    ['no GTIN at all', '(10)ABC123', /carries no GTIN/],
    ['month 13', '(01)09506000134352(17)271331', /expiry date 271331 .* is not a date/],
    ['30 February', '(01)09506000134352(17)270230', /expiry date 270230 .* is not a date/],
    ['text that is no barcode', 'gauze pads', /not a GS1 barcode we can read/],
    ['an empty scan', '   ', /empty/],
    ['a group separator alone', GS, /empty/],
  ])('refuses %s', (_name, text, problem) => {
    expect(readScan(text)).toEqual({ problem: expect.stringMatching(problem) });
  });
});

describe('expiry (AI 17)', () => {
  const today = new Date('2026-11-27T00:00:00Z');
  it('reads day 00 as the last day of the month, leap years included', () => {
    expect(readExpiry('270200', today)).toBe('2027-02-28');
    expect(readExpiry('280200', today)).toBe('2028-02-29');
    expect(readExpiry('261100', today)).toBe('2026-11-30');
  });
  it('places the century by the sliding window', () => {
    expect(readExpiry('760101', today)).toBe('2076-01-01');
    expect(readExpiry('770101', today)).toBe('1977-01-01');
    expect(readExpiry('991231', today)).toBe('1999-12-31');
  });
});
