import {
  bulkUserDepartmentSchema,
  departmentCreateSchema,
  departmentUpdateSchema,
  type Department,
} from '../../contracts/departments.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './departments.queries.js';
import { departmentCodeCandidates } from './departments.rules.js';

const NOT_FOUND = () => AppError.notFound('Department not found', 'DEPARTMENT_NOT_FOUND');

function toDepartment(row: queries.DepartmentRow): Department {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    site: row.site,
    active: row.active,
    user_count: row.user_count,
    budget_owner_ids: row.budget_owner_ids,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A unique-code violation as the form shows it, on the code field. */
function codeTaken(code: string) {
  return (error: { code?: string; constraint?: string }) => {
    if (error.code === '23505' && error.constraint === 'departments_code_unique') {
      throw new AppError(409, 'DEPARTMENT_CODE_TAKEN', `A department with the code ${code} already exists.`, {
        code: 'is already used by another department',
      });
    }
    throw error;
  };
}

/** A page of GET /api/admin/departments. */
export async function listDepartments(ctx: ServiceContext, page: Parameters<typeof queries.selectDepartmentsPage>[1]) {
  const { rows, total } = await queries.selectDepartmentsPage(ctx.db, page);
  return { rows: rows.map(toDepartment), total };
}

export async function getDepartment(ctx: ServiceContext, id: string): Promise<Department> {
  const row = await queries.selectDepartment(ctx.db, id);
  if (!row) throw NOT_FOUND();
  return toDepartment(row);
}

/** Saves the budget owners; every id must be an account (404 USER_NOT_FOUND). Answers whether they changed. */
async function saveBudgetOwners(trx: Db, departmentId: string, ownerIds: readonly string[], now: Date) {
  const ids = [...new Set(ownerIds)];
  if (ids.length > 0 && (await queries.selectExistingUserIds(trx, ids)).length !== ids.length) {
    throw new AppError(404, 'USER_NOT_FOUND', 'User not found', { budget_owner_ids: 'lists an unknown account' });
  }
  return queries.replaceBudgetOwners(trx, departmentId, ids, now);
}

export async function createDepartment(ctx: ServiceContext, rawInput: unknown): Promise<Department> {
  const { budget_owner_ids: ownerIds, ...input } = departmentCreateSchema.parse(rawInput);
  const id = await ctx.db.transaction(async (trx) => {
    const createdId = await queries.insertDepartment(trx, input, ctx.now()).catch(codeTaken(input.code));
    await saveBudgetOwners(trx, createdId, ownerIds, ctx.now());
    await recordAudit(
      ctx,
      {
        action: 'department.create',
        targetType: 'department',
        targetId: createdId,
        details: { ...input, budget_owner_ids: ownerIds },
      },
      trx,
    );
    return createdId;
  });
  return getDepartment(ctx, id);
}

/**
 * Edits code, name, active and the budget owners. A deactivated department keeps its members and its orders' history;
 * it only cannot be given to anyone else. Its members' profiles show the new name at once.
 */
export async function updateDepartment(ctx: ServiceContext, id: string, rawInput: unknown): Promise<Department> {
  const { budget_owner_ids: ownerIds, ...input } = departmentUpdateSchema.parse(rawInput);
  await ctx.db.transaction(async (trx) => {
    const before = await queries.selectDepartmentForUpdate(trx, id);
    if (!before) throw NOT_FOUND();
    if (ownerIds && (await saveBudgetOwners(trx, id, ownerIds, ctx.now()))) {
      await recordAudit(
        ctx,
        {
          action: 'department.budget_owners',
          targetType: 'department',
          targetId: id,
          details: { budget_owner_ids: [...new Set(ownerIds)] },
        },
        trx,
      );
    }
    const isSiteSame = input.site === undefined || input.site === before.site;
    if (before.code === input.code && before.name === input.name && before.active === input.active && isSiteSame) {
      return;
    }
    await queries.updateDepartment(trx, id, input, ctx.now()).catch(codeTaken(input.code));
    await recordAudit(
      ctx,
      {
        action: before.active && !input.active ? 'department.deactivate' : 'department.update',
        targetType: 'department',
        targetId: id,
        details: {
          before: { code: before.code, name: before.name, site: before.site, active: before.active },
          after: input,
        },
      },
      trx,
    );
  });
  return getDepartment(ctx, id);
}

/**
 * Puts accounts into a department, in one transaction (all or none): Users & Roles, one account or
 * many. A deactivated department is refused (its current members stay in it).
 */
export async function setUsersDepartment(ctx: ServiceContext, rawInput: unknown): Promise<{ updated: number }> {
  const input = bulkUserDepartmentSchema.parse(rawInput);
  const ids = [...new Set(input.ids)];
  return ctx.db.transaction(async (trx) => {
    const existing = await queries.selectExistingUserIds(trx, ids);
    if (existing.length !== ids.length) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    const department = await queries.selectDepartmentForUpdate(trx, input.department_id);
    if (!department) throw NOT_FOUND();
    const changed = await queries.assignUsersToDepartment(trx, ids, department, ctx.now());
    if (changed.length > 0 && !department.active) throw inactive(department.name);
    for (const change of changed) {
      await recordAudit(
        ctx,
        {
          action: 'user.department',
          targetType: 'user',
          targetId: change.user_id,
          details: {
            department_id: department.id,
            code: department.code,
            previous_department_id: change.previous_department_id,
          },
        },
        trx,
      );
    }
    return { updated: changed.length };
  });
}

function inactive(name: string): AppError {
  return new AppError(
    422,
    'DEPARTMENT_INACTIVE',
    `The department ${name} is deactivated: choose an active department.`,
    {
      department_id: 'is deactivated',
    },
  );
}

/**
 * The department a text names for a new account (the CLI's --department, the demo data): a
 * department by code or name, else a new one of that name, so the text is never
 * lost. A deactivated department is refused (422 DEPARTMENT_INACTIVE).
 */
export async function departmentNamed(db: Db, text: string, now: Date): Promise<{ id: string; name: string }> {
  const name = text.trim();
  const found = await queries.selectDepartmentByCodeOrName(db, name);
  if (found && !found.active) throw inactive(found.name);
  if (found) return { id: found.id, name: found.name };
  for (const code of departmentCodeCandidates(name)) {
    const id = await queries.insertDepartmentIfCodeFree(db, { code, name }, now);
    if (id) return { id, name };
  }
  throw new Error('unreachable: department codes are endless');
}

/**
 * The active department an identity provider's department attribute names, by code or name; none
 * when the value names no department or a deactivated one. Unlike departmentNamed it never creates
 * one: the list of cost centres is finance's, not the directory's.
 */
export async function activeDepartmentNamed(db: Db, text: string): Promise<{ id: string; name: string } | undefined> {
  const found = await queries.selectDepartmentByCodeOrName(db, text.trim());
  return found?.active ? { id: found.id, name: found.name } : undefined;
}
