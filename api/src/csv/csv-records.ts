import { parse } from 'csv-parse/sync';

/** One record of a CSV file with the line it ends on (1 = the header). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** A CSV file the parser could not read: where (when known) and the parser's first sentence. */
export class MalformedCsvError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | undefined,
  ) {
    super(`malformed CSV (${reason})`);
    this.name = 'MalformedCsvError';
  }
}

/**
 * Every record of an uploaded CSV file with its line number (byte-order mark and empty lines
 * skipped, rows of any width kept so the caller names a short row). Throws MalformedCsvError.
 */
export function readCsvRecords(text: string, options: { trim?: boolean } = {}): CsvRecord[] {
  try {
    return parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: options.trim ?? false,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const detail = error as { lines?: number; message?: string };
    throw new MalformedCsvError((detail.message ?? 'unreadable').split(/[.:]\s/)[0] ?? 'unreadable', detail.lines);
  }
}
