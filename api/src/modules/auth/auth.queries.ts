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
