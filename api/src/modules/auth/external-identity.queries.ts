import type { Db } from '../../database/connection.js';
import type { UserRow } from '../users/users.queries.js';

export interface ExternalIdentityKey {
  provider: string;
  subject: string;
}

/** The account a (provider, subject) pair is linked to. */
export function selectLinkedAccount(db: Db, key: ExternalIdentityKey): Promise<UserRow | undefined> {
  return db('external_identities')
    .join('users', 'users.id', 'external_identities.user_id')
    .where(key)
    .first('users.id', 'users.email', 'users.status');
}

export async function touchExternalIdentity(
  db: Db,
  key: ExternalIdentityKey,
  changes: { last_sign_in_at: Date; groups?: string },
): Promise<void> {
  await db('external_identities').where(key).update(changes);
}

export async function insertExternalIdentity(
  db: Db,
  identity: ExternalIdentityKey & { user_id: string; email: string; groups?: string },
  now: Date,
): Promise<void> {
  await db('external_identities').insert({ ...identity, created_at: now, last_sign_in_at: now });
}

export function selectProfileDepartmentId(
  db: Db,
  userId: string,
): Promise<{ department_id: string | null } | undefined> {
  return db('profiles').where({ user_id: userId }).first('department_id');
}

/** The profile keeps the department's name beside its id, as every other writer of it does. */
export async function updateProfileDepartment(
  db: Db,
  userId: string,
  department: { id: string; name: string },
  now: Date,
): Promise<void> {
  await db('profiles')
    .where({ user_id: userId })
    .update({ department_id: department.id, department: department.name, updated_at: now });
}
