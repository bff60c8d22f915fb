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
