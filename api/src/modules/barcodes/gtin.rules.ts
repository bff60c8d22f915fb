/**
 * GTINs (GTIN-8, -12, -13, -14) are stored and compared as 14 digits: the same article printed
 * as an EAN-13 and inside a GS1-128 element string (AI 01, always 14 digits) is one key.
 */

/** The GS1 mod-10 check digit of the digits before it (weights 3, 1, 3 … from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type GtinReading = { gtin: string } | { problem: string };

/** A GTIN of 8, 12, 13 or 14 digits with a right check digit, as 14 digits; else why not. */
export function readGtin(text: string): GtinReading {
  const digits = text.trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) {
    return { problem: `${digits.slice(0, 20) || 'The code'} is not a GTIN: a GTIN has 8, 12, 13 or 14 digits.` };
  }
  const expected = gs1CheckDigit(digits.slice(0, -1));
  if (Number(digits.at(-1)) !== expected) {
    return { problem: `GTIN ${digits} has a wrong check digit (it should end in ${expected}): scan it again.` };
  }
  return { gtin: digits.padStart(14, '0') };
}
