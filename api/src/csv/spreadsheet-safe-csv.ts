import { Parser } from '@json2csv/plainjs';

/** Characters that make a spreadsheet treat a cell as a formula (decisions.md, Reports). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Neutralises a cell a spreadsheet would run as a formula by prefixing an apostrophe (OWASP CSV
 * injection advice). Plain numbers such as -12.50 are left alone so money stays numeric.
 */
export function neutraliseFormula(value: unknown): unknown {
  if (typeof value !== 'string' || value.length === 0) return value;
  if (!FORMULA_TRIGGERS.has(value[0] ?? '')) return value;
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return `'${value}`;
}

export function neutraliseRow<T extends object>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, neutraliseFormula(value)])) as T;
}

/** A whole CSV document with a header, every cell spreadsheet-safe. */
export function toSpreadsheetSafeCsv<T extends object>(
  rows: readonly T[],
  fields: readonly (keyof T & string)[],
): string {
  const parser = new Parser<T, T>({ fields: [...fields], transforms: [neutraliseRow], eol: '\n' });
  return `${parser.parse([...rows])}\n`;
}
