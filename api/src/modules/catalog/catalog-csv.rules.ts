import { MalformedCsvError, readCsvRecords, type CsvRecord } from '../../csv/csv-records.js';
import { CATALOG_CSV_COLUMNS, catalogCsvRowSchema, type CatalogCsvRow } from '../../contracts/catalog.js';

export class CatalogCsvError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'CatalogCsvError';
  }
}

/**
 * Parses and validates the whole catalogue CSV. Any bad row rejects the file, naming its line,
 * so a caller never writes part of a catalogue.
 */
export function parseCatalogCsv(text: string): CatalogCsvRow[] {
  let records: CsvRecord[];
  try {
    records = readCsvRecords(text);
  } catch (error) {
    if (!(error instanceof MalformedCsvError)) throw error;
    throw new CatalogCsvError(error.message, error.line);
  }
  const [header, ...rows] = records;
  if (!header) throw new CatalogCsvError('the file is empty');
  assertHeader(header.record);

  const seenAsins = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  return rows.map(({ record, info }) => {
    const line = info.lines;
    if (record.length !== header.record.length) {
      throw new CatalogCsvError(`has ${record.length} columns, the header has ${header.record.length}`, line);
    }
    const cells = Object.fromEntries(header.record.map((column, index) => [column, emptyToUndefined(record[index])]));
    const parsed = catalogCsvRowSchema.safeParse(cells);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CatalogCsvError(`${issue?.path.join('.') || 'row'} ${issue?.message ?? 'is invalid'}`, line);
    }
    const row = parsed.data;
    assertUnique(seenAsins, row.asin, 'asin', line);
    if (row.sku) assertUnique(seenSkus, row.sku, 'sku', line);
    return row;
  });
}

function assertHeader(columns: string[]): void {
  const expected = CATALOG_CSV_COLUMNS.join(',');
  if (columns.map((column) => column.trim()).join(',') !== expected) {
    throw new CatalogCsvError(`the header must be exactly: ${expected}`, 1);
  }
}

function assertUnique(seen: Map<string, number>, value: string, column: string, line: number): void {
  const firstLine = seen.get(value);
  if (firstLine !== undefined) {
    throw new CatalogCsvError(`${column} ${value} repeats the one on line ${firstLine}`, line);
  }
  seen.set(value, line);
}

function emptyToUndefined(cell: string | undefined): string | undefined {
  const trimmed = cell?.trim();
  return trimmed === '' ? undefined : cell;
}
