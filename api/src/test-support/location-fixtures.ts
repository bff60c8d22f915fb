import { randomBytes } from 'node:crypto';

import type { Db } from '../database/connection.js';

/** A department of its own for one test, and (optionally) accounts put into it. */
export async function insertDepartment(db: Db, name = 'Ward'): Promise<{ id: string; name: string }> {
  const code = `LOC-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await db('departments')
    .insert({ code, name: `${name} ${code}` })
    .returning<{ id: string; name: string }[]>(['id', 'name']);
  return row!;
}

export async function putInDepartment(db: Db, userId: string, department: { id: string; name: string }) {
  await db('profiles')
    .insert({ user_id: userId, department_id: department.id, department: department.name })
    .onConflict('user_id')
    .merge(['department_id', 'department']);
}
