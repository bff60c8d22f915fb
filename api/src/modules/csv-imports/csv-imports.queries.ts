import type { Db } from '../../database/connection.js';

export interface ImportedDepartmentRow {
  id: string;
  code: string;
  name: string;
  site: string | null;
  active: boolean;
}

/** A department by code (exact, upper-cased) or name (any case); the code's match first. */
export function selectDepartmentNamed(db: Db, text: string): Promise<ImportedDepartmentRow | undefined> {
  return db('departments')
    .whereRaw('code = upper(?)', [text])
    .orWhereRaw('lower(name) = lower(?)', [text])
    .orderByRaw('code = upper(?) DESC, active DESC, code', [text])
    .first('id', 'code', 'name', 'site', 'active');
}

export async function isDepartmentCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db('departments').where({ code }).first('id')) !== undefined;
}

export function selectBudgetOfDepartment(db: Db, departmentId: string) {
  return db('budgets')
    .where({ department_id: departmentId })
    .first<{ id: string; period: string; amount: string; policy: string; alert_threshold: number } | undefined>(
      'id',
      'period',
      db.raw('amount::text AS amount'),
      'policy',
      'alert_threshold',
    );
}
