import type { Role } from '../../contracts/roles.js';
import type { Db } from '../../database/connection.js';

export interface SessionUser {
  id: string;
  email: string;
  status: 'active' | 'disabled';
  roles: Role[];
}

/** One query per authenticated request: the account and its roles. */
export async function selectSessionUser(db: Db, userId: string): Promise<SessionUser | undefined> {
  const row = await db('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .where('users.id', userId)
    .groupBy('users.id')
    .first<SessionUser | undefined>(
      'users.id',
      'users.email',
      'users.status',
      db.raw(
        `coalesce(array_agg(user_roles.role ORDER BY user_roles.created_at) FILTER (WHERE user_roles.role IS NOT NULL), '{}') AS roles`,
      ),
    );
  return row;
}

export interface CredentialRow {
  id: string;
  email: string;
  status: 'active' | 'disabled';
  password_hash: string | null;
}

export function selectCredentialByEmail(db: Db, email: string): Promise<CredentialRow | undefined> {
  return db('users')
    .leftJoin('password_credentials', 'password_credentials.user_id', 'users.id')
    .where('users.email', email)
    .first('users.id', 'users.email', 'users.status', 'password_credentials.password_hash');
}

export function selectProfile(db: Db, userId: string) {
  return db('profiles')
    .where({ user_id: userId })
    .first(
      'user_id',
      'username',
      'first_name',
      'last_name',
      'phone',
      'avatar_url',
      'department',
      'default_ship_to',
      'years_experience',
      'onboarding_completed',
      'onboarding_approved',
    );
}

// Accounts are the users module's rows: signing up, in and back in creates and reads them with its queries.
export {
  insertPasswordCredential,
  insertRoles,
  insertUser,
  selectRoles,
  selectUserByEmail,
  upsertProfile,
  type UserRow,
} from '../users/users.queries.js';
// A password reset ends the account's sessions like every other sign-out of all devices.
export { deleteSessionsOfUser } from '../sessions/session-cleanup.queries.js';

export function selectUserContact(db: Db, userId: string): Promise<{ id: string; email: string } | undefined> {
  return db('users').where({ id: userId }).first('id', 'email');
}

/** The profile as onboarding leaves it: names given, onboarding completed (approval is separate). */
export async function upsertOnboardedProfile(
  db: Db,
  user: { id: string; email: string },
  names: { first_name: string; last_name: string },
  now: Date,
): Promise<void> {
  await db('profiles')
    .insert({
      user_id: user.id,
      username: user.email,
      first_name: names.first_name,
      last_name: names.last_name,
      onboarding_completed: true,
      created_at: now,
      updated_at: now,
    })
    .onConflict('user_id')
    .merge({
      username: user.email,
      first_name: names.first_name,
      last_name: names.last_name,
      onboarding_completed: true,
      updated_at: now,
    });
}

export async function selectCompanyName(db: Db): Promise<string | undefined> {
  const company = await db('company_settings').where({ id: 1 }).first<{ name: string } | undefined>('name');
  return company?.name;
}
