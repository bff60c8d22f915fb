import { csvImportQuerySchema, csvImportResultSchema } from '../csv-imports.js';
import { endpoint } from './endpoint.js';

const DESCRIPTION =
  'A dry run (the default) answers what each row would do and writes nothing, listing every row in error (ok: false). dry_run=false applies every row in one transaction, audited, or none: a row in error answers 400 CSV_INVALID with `errors` by line and the dry-run answer in `details.result`. A file that cannot be read, or whose header lacks a column, answers 400 CSV_INVALID.';

/** POST /api/admin/<resource>/import: every bulk import takes the same query and answers the same result. */
function csvImportEndpoint<const P extends string>(path: P, summary: string, moreDescription?: string) {
  return endpoint({
    method: 'post',
    path,
    summary,
    description: moreDescription ? `${DESCRIPTION} ${moreDescription}` : DESCRIPTION,
    tag: 'Admin: CSV imports',
    access: { roles: ['admin'] },
    query: csvImportQuerySchema,
    requestContentType: 'text/csv',
    responses: { 200: csvImportResultSchema },
    errors: [400, 401, 403],
  });
}

/** Bulk set-up from CSV files (docs/install.md): departments, then budgets, then users. */
export const csvImportsEndpoints = {
  departments: csvImportEndpoint(
    '/api/admin/departments/import',
    'Import departments from CSV (name, optional code, site, active); found by code or name, else added',
  ),
  budgets: csvImportEndpoint(
    '/api/admin/budgets/import',
    'Import budgets from CSV (department, period, amount, mode, optional alert_threshold); one per department',
  ),
  users: csvImportEndpoint(
    '/api/admin/users/import',
    'Import accounts from CSV (email, first_name, last_name, role, optional department, approved); each new one gets an invitation mail',
    'No passwords: each created account receives a mail with a link to choose its password; an e-mail that has an account is left as it is.',
  ),
};
