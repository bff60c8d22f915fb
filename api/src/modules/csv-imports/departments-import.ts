import { DEPARTMENTS_CSV_COLUMNS } from '../../contracts/csv-imports.js';
import { AppError } from '../../http/app-error.js';
import { createDepartment, updateDepartment } from '../departments/departments.service.js';
import { departmentCodeCandidates } from '../departments/departments.rules.js';
import type { CsvImportKind } from './csv-import.service.js';
import * as queries from './csv-imports.queries.js';
import { readYesNo } from './csv-table.rules.js';

/**
 * name[,code][,site][,active]: a department is found by its code (when given) or its name, and
 * then renamed, moved to the site or (de)activated; otherwise it is added, with the code given
 * or one made from the name. An empty site or active leaves the department's as it is.
 */
export const departmentsImport: CsvImportKind = {
  name: 'departments',
  columns: DEPARTMENTS_CSV_COLUMNS,
  keyOf: (row) => row.cells.code || row.cells.name || '(no name)',
  async applyRow(ctx, { cells }) {
    const active = readYesNo(cells.active ?? '', true);
    if (active === undefined)
      throw AppError.badRequest('ACTIVE_INVALID', `active must be yes or no, not "${cells.active}"`);
    const site = cells.site || null;
    const existing = await queries.selectDepartmentNamed(ctx.db, cells.code || cells.name || '');
    if (existing) {
      const next = {
        code: existing.code,
        name: cells.name || existing.name,
        site: site ?? existing.site,
        active: cells.active ? active : existing.active,
      };
      const changes = (['name', 'site', 'active'] as const)
        .filter((field) => next[field] !== existing[field])
        .map((field) => `${field} ${String(existing[field] ?? '—')} → ${String(next[field] ?? '—')}`);
      if (changes.length === 0) return { outcome: 'unchanged', message: `${existing.code} is as the file says` };
      await updateDepartment(ctx, existing.id, next);
      return { outcome: 'updated', message: `${existing.code}: ${changes.join(', ')}` };
    }
    // A new code beside an existing name would make two departments of one name, and the budgets
    // and users files, which name departments, could not tell them apart.
    const sameName = cells.code && cells.name ? await queries.selectDepartmentNamed(ctx.db, cells.name) : undefined;
    if (sameName) {
      throw AppError.badRequest(
        'DEPARTMENT_NAME_TAKEN',
        `A department named "${sameName.name}" already exists with code ${sameName.code}: give that code to change it`,
      );
    }
    const code = cells.code || (await freeCode(ctx.db, cells.name ?? ''));
    const created = await createDepartment(ctx, { code, name: cells.name, site, active });
    return {
      outcome: 'created',
      message: `${created.code} ${created.name}${created.site ? ` (${created.site})` : ''}${created.active ? '' : ', deactivated'}`,
    };
  },
};

async function freeCode(db: Parameters<typeof queries.isDepartmentCodeTaken>[0], name: string): Promise<string> {
  for (const code of departmentCodeCandidates(name)) {
    if (!(await queries.isDepartmentCodeTaken(db, code))) return code;
  }
  throw new Error('unreachable: department codes are endless');
}
