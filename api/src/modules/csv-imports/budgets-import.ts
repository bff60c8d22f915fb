import { BUDGETS_CSV_COLUMNS } from '../../contracts/csv-imports.js';
import { DEFAULT_ALERT_THRESHOLD } from '../../contracts/budgets.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import { AppError } from '../../http/app-error.js';
import { createBudget, updateBudget } from '../budgets/budgets.service.js';
import type { CsvImportKind } from './csv-import.service.js';
import * as queries from './csv-imports.queries.js';

/**
 * department,period,amount,mode[,alert_threshold]: the department (code or name) must exist;
 * its budget is added, or changed from the current period on (the budget's history keeps the old
 * values). mode is the budget's policy over the amount: stop or warn.
 */
export const budgetsImport: CsvImportKind = {
  name: 'budgets',
  columns: BUDGETS_CSV_COLUMNS,
  keyOf: (row) => row.cells.department || '(no department)',
  async applyRow(ctx, { cells }) {
    const named = cells.department ?? '';
    if (!named) throw AppError.badRequest('DEPARTMENT_REQUIRED', 'department is required');
    const department = await queries.selectDepartmentNamed(ctx.db, named);
    if (!department) {
      throw AppError.notFound(`No department has the code or name "${named}": import the departments first`);
    }
    const values = {
      period: cells.period?.toLowerCase(),
      amount: cells.amount,
      policy: cells.mode?.toLowerCase(),
      alert_threshold: cells.alert_threshold ? Number(cells.alert_threshold) : undefined,
    };
    const before = await queries.selectBudgetOfDepartment(ctx.db, department.id);
    if (!before) {
      const created = await createBudget(ctx, { department_id: department.id, ...values });
      return {
        outcome: 'created',
        message: `${department.code}: ${created.amount} per ${created.period}, ${created.policy}, alert at ${created.alert_threshold} %`,
      };
    }
    const next = {
      ...values,
      alert_threshold: values.alert_threshold ?? before.alert_threshold ?? DEFAULT_ALERT_THRESHOLD,
    };
    const after = await updateBudget(ctx, before.id, next);
    const previous = { ...before, amount: toMoneyText(before.amount) };
    const changes = (['period', 'amount', 'policy', 'alert_threshold'] as const)
      .filter((field) => String(previous[field]) !== String(after[field]))
      .map((field) => `${field === 'policy' ? 'mode' : field} ${String(previous[field])} → ${String(after[field])}`);
    if (changes.length === 0)
      return { outcome: 'unchanged', message: `${department.code}'s budget is as the file says` };
    return { outcome: 'updated', message: `${department.code}: ${changes.join(', ')}` };
  },
};
