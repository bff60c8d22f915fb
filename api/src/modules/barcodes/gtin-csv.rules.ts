import type { ProductGtin } from '../../contracts/barcodes.js';
import { MalformedCsvError, readCsvRecords, type CsvRecord } from '../../csv/csv-records.js';
import { readGtin } from './gtin.rules.js';

export const GTIN_CSV_COLUMNS = ['asin', 'gtin', 'units'] as const;

export type GtinCsvReading = { byAsin: Map<string, ProductGtin[]> } | { problem: string };

/**
 * A GTIN file (asin, gtin, units — one row per packaging level): every product named gets exactly
 * the levels its rows list. Any bad row refuses the whole file, naming its line, so a load never
 * writes half of it.
 */
export function readGtinCsv(text: string): GtinCsvReading {
  let records: CsvRecord[];
  try {
    records = readCsvRecords(text);
  } catch (error) {
    if (!(error instanceof MalformedCsvError)) throw error;
    return { problem: `${error.line === undefined ? '' : `line ${error.line}: `}${error.message}` };
  }
  const [header, ...rows] = records;
  const expected = GTIN_CSV_COLUMNS.join(',');
  if (!header || header.record.map((column) => column.trim().toLowerCase()).join(',') !== expected) {
    return { problem: `line 1: the header must be exactly: ${expected}` };
  }
  if (rows.length === 0) return { problem: 'the file has no rows' };
  const byAsin = new Map<string, ProductGtin[]>();
  const seen = new Map<string, number>();
  for (const { record, info } of rows) {
    const line = info.lines;
    if (record.length !== GTIN_CSV_COLUMNS.length) {
      return { problem: `line ${line}: has ${record.length} columns, the header has ${GTIN_CSV_COLUMNS.length}` };
    }
    const [asin, gtinText, unitsText] = record.map((cell) => cell.trim()) as [string, string, string];
    if (!/^[A-Za-z0-9-]{1,40}$/.test(asin))
      return { problem: `line ${line}: asin "${asin.slice(0, 40)}" is not an ASIN` };
    const gtin = readGtin(gtinText);
    if ('problem' in gtin) return { problem: `line ${line}: ${gtin.problem}` };
    const units = Number(unitsText);
    if (!/^\d+$/.test(unitsText) || units < 1 || units > 100_000) {
      return { problem: `line ${line}: units must be a whole number from 1 to 100000` };
    }
    const earlier = seen.get(gtin.gtin);
    if (earlier !== undefined) return { problem: `line ${line}: GTIN ${gtinText} is already on line ${earlier}` };
    seen.set(gtin.gtin, line);
    byAsin.set(asin, [...(byAsin.get(asin) ?? []), { gtin: gtin.gtin, units }]);
  }
  return { byAsin };
}

/** A product's levels in the order screens show them: smallest pack first. */
export function sortGtins(gtins: readonly ProductGtin[]): ProductGtin[] {
  return [...gtins].sort((a, b) => a.units - b.units || a.gtin.localeCompare(b.gtin));
}

export function sameGtins(a: readonly ProductGtin[], b: readonly ProductGtin[]): boolean {
  const [left, right] = [sortGtins(a), sortGtins(b)];
  return (
    left.length === right.length &&
    left.every((gtin, index) => gtin.gtin === right[index]!.gtin && gtin.units === right[index]!.units)
  );
}
