import { describe, expect, it } from '@jest/globals';

import { looksLikeScan } from './scan.rules';

describe('looksLikeScan', () => {
  it.each([
    '9506000134352',
    ' 10614141000415',
    '(01)09506000134352(17)271231',
    ']C10109506000134352',
    ']d2011061414',
    '\u001d0109506000134352',
    '{GS}0109506000134352',
    '\u001d]C10109506000134352',
    ']Q30109506000134352',
  ])('takes %s for a scan', (text) => expect(looksLikeScan(text)).toBe(true));
  it.each(['gauze', '3M tape', '1234567', 'B07XYZ1234', '(sterile) gloves'])('takes %s for words', (text) =>
    expect(looksLikeScan(text)).toBe(false),
  );
});
