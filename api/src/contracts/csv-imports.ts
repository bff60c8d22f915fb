import { z } from 'zod';

/** The columns of each bulk import; optional ones may be left out of the header. */
export const DEPARTMENTS_CSV_COLUMNS = { required: ['name'], optional: ['code', 'site', 'active'] } as const;
export const BUDGETS_CSV_COLUMNS = {
  required: ['department', 'period', 'amount', 'mode'],
  optional: ['alert_threshold'],
} as const;
export const USERS_CSV_COLUMNS = {
  required: ['email', 'first_name', 'last_name', 'role'],
  optional: ['department', 'approved'],
} as const;

/** ?dry_run=true answers what the file would do and writes nothing; dry run is the default. */
export const csvImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .default('true')
    .describe('true (the default): answer what each row would do, write nothing; false: apply all rows or none'),
});

export const CSV_IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;
export type CsvImportOutcome = (typeof CSV_IMPORT_OUTCOMES)[number];

/** What one row of the file does (or, in a dry run, would do). */
export const csvImportRowSchema = z.strictObject({
  /** The line of the file the row ends on (1 is the header). */
  line: z.number().int(),
  /** What the row names: a department's name, a budget's department, an account's e-mail. */
  key: z.string(),
  outcome: z.enum(CSV_IMPORT_OUTCOMES),
  /** What changes, or what is wrong with the row. */
  message: z.string(),
});
export type CsvImportRow = z.infer<typeof csvImportRowSchema>;

/**
 * The answer of a departments, budgets or users import. An import with a row in error writes
 * nothing: a dry run answers it here (ok: false), a real import answers 400 CSV_INVALID.
 */
export const csvImportResultSchema = z
  .strictObject({
    dry_run: z.boolean(),
    ok: z.boolean(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
    rows: z.array(csvImportRowSchema),
  })
  .meta({ id: 'CsvImportResult' });
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
