import {
  STOCK_LIST_CSV_COLUMNS,
  stockListLineInputSchema,
  type StockListLineInput,
  type StockListLineRecord,
} from '../../contracts/locations.js';
import { readCsvWithHeader } from '../../csv/csv-records.js';

/** A stock-list CSV file read: its lines (with their line numbers), or every problem by line. */
export type StockListCsv =
  { ok: true; lines: (StockListLineInput & { line: number })[] } | { ok: false; problems: Record<string, string> };

const MAX_PROBLEMS = 20;

/**
 * Reads `asin,par,reorder_point,pack_size` (header required; reorder_point may be empty, pack_size
 * empty means 1). Every bad line is named, so a whole file is fixed in one go; none is applied.
 */
export function parseStockListCsv(text: string): StockListCsv {
  const file = readCsvWithHeader(text);
  if (!file.ok) return file;
  const { header, rows } = file;
  const expected = STOCK_LIST_CSV_COLUMNS.join(',');
  if (header.map((column) => column.toLowerCase()).join(',') !== expected) {
    return { ok: false, problems: { 'line 1': `the header must be exactly: ${expected}` } };
  }
  const problems: Record<string, string> = {};
  const lines: (StockListLineInput & { line: number })[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of rows) {
    if (Object.keys(problems).length >= MAX_PROBLEMS) break;
    const where = `line ${info.lines}`;
    if (record.length !== STOCK_LIST_CSV_COLUMNS.length) {
      problems[where] = `has ${record.length} columns, the header has ${STOCK_LIST_CSV_COLUMNS.length}`;
      continue;
    }
    const [asin, par, reorderPoint, packSize] = record as [string, string, string, string];
    const parsed = stockListLineInputSchema.safeParse({
      asin,
      par: wholeNumber(par),
      reorder_point: reorderPoint === '' ? null : wholeNumber(reorderPoint),
      pack_size: packSize === '' ? undefined : wholeNumber(packSize),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems[where] = `${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'is invalid'}`;
      continue;
    }
    const firstLine = seen.get(parsed.data.asin);
    if (firstLine !== undefined) {
      problems[where] = `asin ${parsed.data.asin} repeats the one on line ${firstLine}`;
      continue;
    }
    seen.set(parsed.data.asin, info.lines);
    lines.push({ ...parsed.data, line: info.lines });
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, lines };
}

/** A cell as a number when it is one (zod then names what is wrong with it), else the text. */
function wholeNumber(cell: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
}

/** What importing `incoming` into `current` adds and changes; lines not in the file stay as they are. */
export function diffStockList(
  current: readonly StockListLineRecord[],
  incoming: readonly StockListLineRecord[],
): {
  added: StockListLineRecord[];
  changed: { asin: string; before: StockListLineRecord; after: StockListLineRecord }[];
  unchanged: number;
} {
  const byAsin = new Map(current.map((line) => [line.asin, line]));
  const added: StockListLineRecord[] = [];
  const changed: { asin: string; before: StockListLineRecord; after: StockListLineRecord }[] = [];
  let unchanged = 0;
  for (const line of incoming) {
    const before = byAsin.get(line.asin);
    if (!before) added.push(line);
    else if (
      before.par !== line.par ||
      before.reorder_point !== line.reorder_point ||
      before.pack_size !== line.pack_size
    )
      changed.push({ asin: line.asin, before, after: line });
    else unchanged += 1;
  }
  return { added, changed, unchanged };
}
