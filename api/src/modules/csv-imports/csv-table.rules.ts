import { readCsvWithHeader } from '../../csv/csv-records.js';

/** The columns an import reads: the required ones must be in the header, the optional ones may be. */
export interface CsvColumns {
  required: readonly string[];
  optional: readonly string[];
}

/** One data row by column name (a column left out of the header reads as ''), with its line. */
export interface CsvTableRow {
  line: number;
  cells: Record<string, string>;
}

export type CsvTable = { ok: true; rows: CsvTableRow[] } | { ok: false; problems: Record<string, string> };

/** A file of more rows is refused: an import is one transaction, and the dry run lists every row. */
export const MAX_IMPORT_ROWS = 5000;

/**
 * Reads a CSV file whose first line names its columns, in any order and any case. A file the
 * parser cannot read, a header without a required column or with an unknown one, and a row of a
 * different width than the header are problems of the file (nothing of it is applied).
 */
export function readCsvTable(text: string, columns: CsvColumns): CsvTable {
  const file = readCsvWithHeader(text);
  if (!file.ok) return file;
  const { header, rows } = file;
  const names = header.map((cell) => cell.toLowerCase());
  const known = new Set([...columns.required, ...columns.optional]);
  const missing = columns.required.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !known.has(name));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  const expected = `columns ${columns.required.join(', ')}${columns.optional.length > 0 ? ` (optional: ${columns.optional.join(', ')})` : ''}`;
  if (missing.length > 0) return headerProblem(`the header lacks ${missing.join(', ')}: ${expected}`);
  if (unknown.length > 0) return headerProblem(`the header has unknown columns ${unknown.join(', ')}: ${expected}`);
  if (repeated.length > 0) return headerProblem(`the header repeats ${[...new Set(repeated)].join(', ')}`);
  if (rows.length === 0) return { ok: false, problems: { file: 'the file has a header but no rows' } };
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      problems: { file: `the file has ${rows.length} rows; import at most ${MAX_IMPORT_ROWS} at a time` },
    };
  }
  const problems: Record<string, string> = {};
  const table: CsvTableRow[] = [];
  for (const { record, info } of rows) {
    if (record.length !== names.length) {
      problems[`line ${info.lines}`] = `has ${record.length} columns, the header has ${names.length}`;
      continue;
    }
    const cells: Record<string, string> = Object.fromEntries([...known].map((column) => [column, '']));
    names.forEach((name, index) => (cells[name] = record[index] ?? ''));
    table.push({ line: info.lines, cells });
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, rows: table };
}

function headerProblem(problem: string): CsvTable {
  return { ok: false, problems: { 'line 1': problem } };
}

/** 'yes', 'true', '1' and 'y' are yes; 'no', 'false', '0', 'n' and '' are no; anything else is not a yes/no. */
export function readYesNo(cell: string, empty: boolean): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === '') return empty;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return undefined;
}
