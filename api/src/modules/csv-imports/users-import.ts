import { USERS_CSV_COLUMNS } from '../../contracts/csv-imports.js';
import { AppError } from '../../http/app-error.js';
import { hasAccount, inviteUser } from '../users/user-invitations.service.js';
import type { CsvImportKind } from './csv-import.service.js';
import * as queries from './csv-imports.queries.js';
import { readYesNo } from './csv-table.rules.js';

/**
 * email,first_name,last_name,role[,department][,approved]: each new e-mail becomes an account
 * without a password that receives an invitation mail (sent once the import is committed); an
 * e-mail that already has an account is left as it is. role may list several, separated by ';'.
 * The department (code or name) must exist: import the departments first.
 */
export const usersImport: CsvImportKind = {
  name: 'users',
  columns: USERS_CSV_COLUMNS,
  keyOf: (row) => row.cells.email || '(no e-mail)',
  async applyRow(ctx, { cells }) {
    const approved = readYesNo(cells.approved ?? '', false);
    if (approved === undefined) {
      throw AppError.badRequest('APPROVED_INVALID', `approved must be yes or no, not "${cells.approved}"`);
    }
    if (cells.email && (await hasAccount(ctx, cells.email)))
      return { outcome: 'unchanged', message: 'already has an account; left as it is (no mail)' };
    const departmentName = cells.department ?? '';
    const department = departmentName ? await queries.selectDepartmentNamed(ctx.db, departmentName) : undefined;
    if (departmentName && !department) {
      throw AppError.notFound(`No department has the code or name "${departmentName}": import the departments first`);
    }
    const roles = (cells.role ?? '')
      .split(/[;|]/)
      .map((role) => role.trim().toLowerCase())
      .filter(Boolean);
    const invited = await inviteUser(ctx, {
      email: cells.email,
      first_name: cells.first_name,
      last_name: cells.last_name,
      roles,
      department_id: department?.id ?? null,
      approved,
    });
    return {
      outcome: 'created',
      message: `${roles.join(', ')}${invited.department ? `, ${invited.department}` : ''}${approved ? ', approved' : ', awaiting approval'}; invitation mail`,
      afterCommit: invited.deliver,
    };
  },
};
