import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';

import { DEPARTMENT_SORTS } from '../../contracts/departments.js';

export interface DepartmentRow {
  id: string;
  code: string;
  name: string;
  site: string | null;
  active: boolean;
  user_count: number;
  budget_owner_ids: string[];
  created_at: Date;
  updated_at: Date;
}

export interface DepartmentFilter {
  q?: string;
  active?: boolean;
  id?: string | string[];
}

const USER_COUNT = `(SELECT count(*)::int FROM profiles WHERE profiles.department_id = departments.id) AS user_count`;
/** The budget owners' account ids, oldest owner first. */
const BUDGET_OWNER_IDS = `ARRAY(SELECT o.user_id::text FROM department_budget_owners o
  WHERE o.department_id = departments.id ORDER BY o.created_at, o.user_id) AS budget_owner_ids`;

export async function selectDepartmentsPage(
  db: Db,
  options: {
    filter: DepartmentFilter;
    sort: { field: (typeof DEPARTMENT_SORTS)[number]; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: DepartmentRow[]; total: number }> {
  const query = db('departments');
  const { q, active, id } = options.filter;
  if (id) query.whereIn('id', Array.isArray(id) ? id : [id]);
  if (active !== undefined) query.where('active', active);
  if (q) {
    const pattern = containsPattern(q);
    query.where((where) => where.whereILike('code', pattern).orWhereILike('name', pattern));
  }
  const rows: (DepartmentRow & { total: number })[] = await query
    .select('*', db.raw(USER_COUNT), db.raw(BUDGET_OWNER_IDS), db.raw('count(*) OVER ()::int AS total'))
    .orderBy([{ column: options.sort.field, order: options.sort.order }, { column: 'id' }])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export function selectDepartment(db: Db, id: string): Promise<DepartmentRow | undefined> {
  return db('departments').where({ id }).first('*', db.raw(USER_COUNT), db.raw(BUDGET_OWNER_IDS));
}

/** Locks the department's row for the rest of the transaction (assignments, renames, budget checks). */
export function selectDepartmentForUpdate(
  db: Db,
  id: string,
): Promise<Omit<DepartmentRow, 'user_count' | 'budget_owner_ids'> | undefined> {
  return db('departments').where({ id }).forUpdate().first();
}

/** A department by code or exact name (the CLI's and SSO's text), case-insensitively. */
export function selectDepartmentByCodeOrName(
  db: Db,
  text: string,
): Promise<Omit<DepartmentRow, 'user_count' | 'budget_owner_ids'> | undefined> {
  return db('departments')
    .whereRaw('code = upper(?)', [text])
    .orWhereRaw('lower(name) = lower(?)', [text])
    .orderByRaw('code = upper(?) DESC, active DESC, code', [text])
    .first();
}

export async function insertDepartment(
  db: Db,
  department: { code: string; name: string; site: string | null; active: boolean },
  now: Date,
): Promise<string> {
  const [row] = await db('departments')
    .insert({ ...department, created_at: now, updated_at: now })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** Saves a department; its members' profiles keep showing its name. */
export async function updateDepartment(
  db: Db,
  id: string,
  department: { code: string; name: string; site?: string | null; active: boolean },
  now: Date,
): Promise<void> {
  await db('departments')
    .where({ id })
    .update({ ...department, updated_at: now });
  await db('profiles')
    .where({ department_id: id })
    .whereNot({ department: department.name })
    .update({ department: department.name, updated_at: now });
}

/** The users of `ids` that exist (a profile is made for an account that has none yet). */
export async function selectExistingUserIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows: { id: string }[] = await db('users').whereIn('id', ids).select('id');
  return rows.map((row) => row.id);
}

/** Puts accounts into a department; returns the accounts whose department changed. */
export async function assignUsersToDepartment(
  db: Db,
  userIds: readonly string[],
  department: { id: string; name: string },
  now: Date,
): Promise<{ user_id: string; previous_department_id: string | null }[]> {
  const { rows } = await db.raw<{ rows: { user_id: string; previous_department_id: string | null }[] }>(
    `WITH previous AS (
       SELECT users.id AS user_id, profiles.department_id FROM users
       LEFT JOIN profiles ON profiles.user_id = users.id
       WHERE users.id = ANY(CAST(:ids AS uuid[]))
     ),
     saved AS (
       INSERT INTO profiles (user_id, department_id, department, created_at, updated_at)
       SELECT user_id, :departmentId, :name, :now, :now FROM previous
       WHERE department_id IS DISTINCT FROM CAST(:departmentId AS uuid)
       ON CONFLICT (user_id) DO UPDATE
         SET department_id = EXCLUDED.department_id, department = EXCLUDED.department, updated_at = EXCLUDED.updated_at
       RETURNING user_id
     )
     SELECT previous.user_id, previous.department_id AS previous_department_id
     FROM previous JOIN saved USING (user_id)`,
    { ids: [...userIds], departmentId: department.id, name: department.name, now },
  );
  return rows;
}

/** Adds a department unless its code is taken (then `undefined`). */
export async function insertDepartmentIfCodeFree(
  db: Db,
  department: { code: string; name: string },
  now: Date,
): Promise<string | undefined> {
  const [row] = await db('departments')
    .insert({ ...department, active: true, created_at: now, updated_at: now })
    .onConflict('code')
    .ignore()
    .returning<{ id: string }[]>('id');
  return row?.id;
}

/**
 * Makes `userIds` the department's budget owners (those already owners keep their place); answers
 * whether anything changed.
 */
export async function replaceBudgetOwners(
  db: Db,
  departmentId: string,
  userIds: readonly string[],
  now: Date,
): Promise<boolean> {
  const removed = await db('department_budget_owners')
    .where({ department_id: departmentId })
    .whereNotIn('user_id', [...userIds])
    .delete();
  if (userIds.length === 0) return removed > 0;
  const added = await db('department_budget_owners')
    .insert(userIds.map((userId) => ({ department_id: departmentId, user_id: userId, created_at: now })))
    .onConflict(['department_id', 'user_id'])
    .ignore()
    .returning('user_id');
  return removed > 0 || added.length > 0;
}
