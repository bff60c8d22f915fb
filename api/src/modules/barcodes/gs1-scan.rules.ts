import gs1 from 'gs1-barcode-parser-mod';

import { readGtin } from './gtin.rules.js';

/** What a scan says: the article's GTIN (14 digits) and, from a GS1 element string, its pack's data. */
export interface ScannedCode {
  gtin: string;
  lot: string | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  serial: string | null;
}

export type ScanReading = { code: ScannedCode } | { problem: string };

// What keyboard-wedge scanners send for FNC1 besides the ASCII group separator itself.
// eslint-disable-next-line no-control-regex -- the group separator is FNC1
const FNC1_STAND_INS = /\u001d|\{GS\}|<GS>|\^\]|~1/g;

const GS = '\u001d';
/** A symbology identifier: "]" then the symbology's letter and a modifier (]C1 GS1-128, ]d2 DataMatrix, ]Q3 QR, ]e0 DataBar, ]E0 EAN-13). */
const SYMBOLOGY_IDENTIFIER = /^\][A-Za-z][0-9A-Za-z]/;
// eslint-disable-next-line no-control-regex -- the group separator is FNC1
const EDGE_SEPARATORS = /^\u001d+|\u001d+$/g;

/**
 * The element string without what only frames it: the symbology identifier and FNC1 in first
 * position, which many USB scanners send as a leading group separator (before or after the
 * identifier), and a trailing separator. Inside the string a separator ends a variable-length AI.
 */
function withoutLeadIn(text: string): string {
  return text.replace(EDGE_SEPARATORS, '').replace(SYMBOLOGY_IDENTIFIER, '').replace(EDGE_SEPARATORS, '').trim();
}

/**
 * Reads what a USB or phone scanner typed: a plain GTIN-8/12/13/14, or a GS1 element string —
 * with a symbology identifier or not (]C1, ]d2, ]Q3 …), with AIs in parentheses (the printed form)
 * or FNC1/group-separator delimited, FNC1 in first position or not — of which (01) GTIN, (17) expiry, (10) lot and (21) serial
 * are used. The GTIN's check digit and the expiry's date are checked here: the parser takes them
 * as they come.
 */
export function readScan(raw: string): ScanReading {
  const text = withoutLeadIn(raw.trim().replace(FNC1_STAND_INS, GS));
  if (text.length === 0) return { problem: 'The scan is empty: scan the barcode again.' };
  if (/^\d+$/.test(text) && text.length <= 14) {
    const reading = readGtin(text);
    return 'problem' in reading ? reading : { code: { gtin: reading.gtin, lot: null, expiry: null, serial: null } };
  }
  let elements: { ai: string; raw: string; data: unknown }[];
  try {
    elements = gs1.parseBarcode(text).parsedCodeItems;
  } catch (error) {
    const reason = typeof error === 'string' ? error : error instanceof Error ? error.message : 'unreadable';
    return { problem: `This is not a GS1 barcode we can read (${reason}).` };
  }
  const valueOf = (ai: string) => elements.find((element) => element.ai === ai)?.raw ?? null;
  const gtinText = valueOf('01') ?? valueOf('02');
  if (gtinText === null) return { problem: 'The barcode carries no GTIN (AI 01): scan the product’s own barcode.' };
  const gtin = readGtin(gtinText);
  if ('problem' in gtin) return gtin;
  const expiryText = valueOf('17');
  const expiry = expiryText === null ? null : readExpiry(expiryText);
  if (expiry !== null && typeof expiry !== 'string') return expiry;
  return { code: { gtin: gtin.gtin, lot: valueOf('10'), expiry, serial: valueOf('21') } };
}

/**
 * AI 17 YYMMDD: the century by the GS1 sliding window (General Specifications 7.12: the year within
 * 49 years before and 50 after this one); day 00 is the month's last day. Month 13 or 30 February
 * is refused rather than rolled into another date.
 */
export function readExpiry(yymmdd: string, today = new Date()): string | { problem: string } {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  const refuse = { problem: `The expiry date ${yymmdd} in the barcode is not a date (YYMMDD).` };
  if (!match) return refuse;
  const [yy, mm, dd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const century = Math.floor(today.getUTCFullYear() / 100) * 100;
  let year = century + yy;
  if (year - today.getUTCFullYear() > 50) year -= 100;
  else if (today.getUTCFullYear() - year > 49) year += 100;
  if (mm < 1 || mm > 12) return refuse;
  const lastDay = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd > lastDay) return refuse;
  const day = dd === 0 ? lastDay : dd;
  return `${String(year).padStart(4, '0')}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
