import { ZodError } from 'zod';

import type { CsvImportResult, CsvImportRow } from '../../contracts/csv-imports.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { readCsvTable, type CsvColumns, type CsvTableRow } from './csv-table.rules.js';

/** What one row did, and what to do once the import is committed (a mail to send). */
export interface AppliedRow {
  outcome: 'created' | 'updated' | 'unchanged';
  message: string;
  afterCommit?: (ctx: ServiceContext) => Promise<void>;
}

/** One kind of import: its columns, what a row names, and how a row is applied inside the import's transaction. */
export interface CsvImportKind {
  /** 'departments', 'budgets', 'users': the audit action is `csv_import.<name>`. */
  name: string;
  columns: CsvColumns;
  keyOf(row: CsvTableRow): string;
  applyRow(ctx: ServiceContext, row: CsvTableRow): Promise<AppliedRow>;
}

/** Thrown to roll the import's transaction back (a dry run, or a row in error). */
class RollBack extends Error {}

/**
 * Runs every row of the file in one transaction, each in its own savepoint so a row in error is
 * reported and the next rows still run (a dry run lists every problem at once). A dry run, and a
 * real import with any row in error, roll everything back: an import is all rows or none. What a
 * dry run answers is what the real import would do, as it runs the very same statements.
 */
export async function runCsvImport(
  ctx: ServiceContext,
  kind: CsvImportKind,
  csvText: unknown,
  options: { dryRun: boolean },
): Promise<CsvImportResult> {
  const expected = kind.columns.required.join(',');
  if (typeof csvText !== 'string' || csvText.trim() === '') {
    throw AppError.badRequest('CSV_INVALID', `Send the ${kind.name} as text/csv with the header ${expected}.`, {
      file: 'is empty or not text/csv',
    });
  }
  const table = readCsvTable(csvText, kind.columns);
  if (!table.ok) throw AppError.badRequest('CSV_INVALID', 'The file has errors; nothing was imported.', table.problems);

  const rows: CsvImportRow[] = [];
  const afterCommit: ((ctx: ServiceContext) => Promise<void>)[] = [];
  try {
    await ctx.db.transaction(async (trx) => {
      const trxCtx: ServiceContext = { ...ctx, db: trx };
      for (const row of table.rows) {
        const key = kind.keyOf(row);
        try {
          const applied = await trx.transaction((savepoint) => kind.applyRow({ ...ctx, db: savepoint }, row));
          rows.push({ line: row.line, key, outcome: applied.outcome, message: applied.message });
          if (applied.afterCommit) afterCommit.push(applied.afterCommit);
        } catch (error) {
          rows.push({ line: row.line, key, outcome: 'error', message: rowProblem(error) });
        }
      }
      const failed = rows.some((row) => row.outcome === 'error');
      if (options.dryRun || failed) throw new RollBack();
      await recordAudit(trxCtx, { action: `csv_import.${kind.name}`, details: countsOf(rows) }, trx);
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }

  const result: CsvImportResult = {
    dry_run: options.dryRun,
    ok: !rows.some((row) => row.outcome === 'error'),
    ...countsOf(rows),
    rows,
  };
  if (!options.dryRun && !result.ok) {
    throw new AppError(
      400,
      'CSV_INVALID',
      'Some rows have errors; nothing was imported.',
      Object.fromEntries(rows.filter((row) => row.outcome === 'error').map((row) => [`line ${row.line}`, row.message])),
      { result },
    );
  }
  // A dry run rolled its rows back: what would follow them (invitation mails) has nothing to follow.
  if (options.dryRun) return result;
  for (const send of afterCommit) {
    await send(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'an imported row’s follow-up failed'));
  }
  return result;
}

function countsOf(rows: readonly CsvImportRow[]) {
  const count = (outcome: CsvImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  return {
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    errors: count('error'),
  };
}

/** A row's refusal in one sentence: the service's message and the field it names. */
function rowProblem(error: unknown): string {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return `${issue?.path.join('.') || 'row'} ${issue?.message ?? 'is invalid'}`;
  }
  if (error instanceof AppError) {
    const fields = Object.entries(error.errors ?? {}).map(([field, problem]) => `${field} ${problem}`);
    return fields.length > 0 && !error.message.includes(fields[0] ?? '')
      ? `${error.message} (${fields.join('; ')})`
      : error.message;
  }
  throw error;
}
