import type { CsvImportResult } from '../../contracts/csv-imports.js';
import type { ServiceContext } from '../../context.js';
import { budgetsImport } from './budgets-import.js';
import { runCsvImport, type CsvImportKind } from './csv-import.service.js';
import { departmentsImport } from './departments-import.js';
import { usersImport } from './users-import.js';

/** The bulk imports by name, as the API's paths and the CLI's commands name them. */
export const CSV_IMPORTS = {
  departments: departmentsImport,
  budgets: budgetsImport,
  users: usersImport,
} as const satisfies Record<string, CsvImportKind>;
export type CsvImportName = keyof typeof CSV_IMPORTS;

/** A departments, budgets or users CSV file: a dry run (what each row would do) or applied, all rows or none. */
export function importCsv(
  ctx: ServiceContext,
  name: CsvImportName,
  csvText: unknown,
  options: { dryRun: boolean },
): Promise<CsvImportResult> {
  return runCsvImport(ctx, CSV_IMPORTS[name], csvText, options);
}
