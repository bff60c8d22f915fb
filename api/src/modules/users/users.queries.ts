import { EVENTS_CHANNEL } from '../../contracts/events.js';
import type { Role } from '../../contracts/roles.js';
import type { Db } from '../../database/connection.js';

export interface UserRow {
  id: string;
  email: string;
  status: 'active' | 'disabled';
}

export function selectUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db('users').where({ email: email.toLowerCase() }).first('id', 'email', 'status');
}

export async function insertUser(db: Db, email: string, now: Date): Promise<UserRow> {
  const [row] = await db('users')
    .insert({ email: email.toLowerCase(), email_verified: true, created_at: now, updated_at: now })
    .returning(['id', 'email', 'status']);
  if (!row) throw new Error('insert into users returned nothing');
  return row as UserRow;
}

export async function insertPasswordCredential(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db('password_credentials')
    .insert({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .onConflict('user_id')
    .merge();
}

export async function selectRoles(db: Db, userId: string): Promise<Role[]> {
  const rows: { role: Role }[] = await db('user_roles').where({ user_id: userId }).orderBy('created_at').select('role');
  return rows.map((row) => row.role);
}

export async function insertRoles(
  db: Db,
  userId: string,
  roles: Role[],
  grantedBy: string | null,
  now: Date,
): Promise<number> {
  if (roles.length === 0) return 0;
  const inserted = await db('user_roles')
    .insert(roles.map((role) => ({ user_id: userId, role, granted_by: grantedBy, created_at: now })))
    .onConflict(['user_id', 'role'])
    .ignore()
    .returning('role');
  return inserted.length;
}

export function deleteRole(db: Db, userId: string, role: Role): Promise<number> {
  return db('user_roles').where({ user_id: userId, role }).delete();
}

export interface ProfileInsert {
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  department?: string | null;
  department_id?: string | null;
  onboarding_completed: boolean;
  onboarding_approved: boolean;
  approved_at?: Date | null;
}

export async function upsertProfile(db: Db, profile: ProfileInsert, now: Date): Promise<void> {
  await db('profiles')
    .insert({ ...profile, created_at: now, updated_at: now })
    .onConflict('user_id')
    .merge({ ...profile, updated_at: now });
}

export async function updateApproval(
  db: Db,
  userId: string,
  approval: { approved: boolean; approvedBy: string | null; notes: string | null },
  now: Date,
): Promise<number> {
  return db('profiles')
    .where({ user_id: userId })
    .update({
      onboarding_approved: approval.approved,
      approved_by: approval.approved ? approval.approvedBy : null,
      approved_at: approval.approved ? now : null,
      approval_notes: approval.notes,
      updated_at: now,
    });
}

/** Tells the user's waiting screen (events stream) that the profile changed. */
export async function notifyProfileUpdated(db: Db, userId: string): Promise<void> {
  await db.raw('SELECT pg_notify(?, ?)', [
    EVENTS_CHANNEL,
    JSON.stringify({ type: 'profile.updated', user_id: userId }),
  ]);
}
