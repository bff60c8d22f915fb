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

/** A CSV file read as its header and data rows, or the one problem that stops it, keyed 'file' or 'line N'. */
export type CsvWithHeader =
  { ok: true; header: string[]; rows: CsvRecord[] } | { ok: false; problems: Record<string, string> };

/** Reads a file whose first line names its columns (cells trimmed); an unreadable or empty file is a problem. */
export function readCsvWithHeader(text: string): CsvWithHeader {
  let records: CsvRecord[];
  try {
    records = readCsvRecords(text, { trim: true });
  } catch (error) {
    if (!(error instanceof MalformedCsvError)) throw error;
    return { ok: false, problems: { [error.line === undefined ? 'file' : `line ${error.line}`]: error.message } };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, problems: { file: 'the file is empty' } };
  return { ok: true, header: header.record, rows };
}
