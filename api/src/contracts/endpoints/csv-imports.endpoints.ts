import { csvImportQuerySchema, csvImportResultSchema } from '../csv-imports.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: CSV imports';
const access = { roles: ['admin'] } as const;
const description =
  'A dry run (the default) answers what each row would do and writes nothing, listing every row in error (ok: false). dry_run=false applies every row in one transaction, audited, or none: a row in error answers 400 CSV_INVALID with `errors` by line and the dry-run answer in `details.result`. A file that cannot be read, or whose header lacks a column, answers 400 CSV_INVALID.';

/** Bulk set-up from CSV files (docs/install.md): departments, then budgets, then users. */
export const csvImportsEndpoints = {
  departments: endpoint({
    method: 'post',
    path: '/api/admin/departments/import',
    summary: 'Import departments from CSV (name, optional code, site, active); found by code or name, else added',
    description,
    tag,
    access,
    query: csvImportQuerySchema,
    requestContentType: 'text/csv',
    responses: { 200: csvImportResultSchema },
    errors: [400, 401, 403],
  }),
  budgets: endpoint({
    method: 'post',
    path: '/api/admin/budgets/import',
    summary: 'Import budgets from CSV (department, period, amount, mode, optional alert_threshold); one per department',
    description,
    tag,
    access,
    query: csvImportQuerySchema,
    requestContentType: 'text/csv',
    responses: { 200: csvImportResultSchema },
    errors: [400, 401, 403],
  }),
  users: endpoint({
    method: 'post',
    path: '/api/admin/users/import',
    summary:
      'Import accounts from CSV (email, first_name, last_name, role, optional department, approved); each new one gets an invitation mail',
    description: `${description} No passwords: each created account receives a mail with a link to choose its password; an e-mail that has an account is left as it is.`,
    tag,
    access,
    query: csvImportQuerySchema,
    requestContentType: 'text/csv',
    responses: { 200: csvImportResultSchema },
    errors: [400, 401, 403],
  }),
};
