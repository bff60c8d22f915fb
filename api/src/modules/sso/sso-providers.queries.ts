import type { Db } from '../../database/connection.js';

export interface SsoProviderRow {
  id: string;
  entity_id: string;
  domains: string[];
  entry_point: string | null;
  idp_certificate: string | null;
  is_enabled: boolean;
}

export function selectSsoProviders(db: Db): Promise<SsoProviderRow[]> {
  return db('sso_providers')
    .orderBy('id')
    .select('id', 'entity_id', 'domains', 'entry_point', 'idp_certificate', 'is_enabled');
}

export function selectSsoProvider(db: Db, id: string): Promise<SsoProviderRow | undefined> {
  return db('sso_providers').where({ id, is_enabled: true }).first();
}

export function selectSsoProviderByDomain(db: Db, domain: string): Promise<SsoProviderRow | undefined> {
  return db('sso_providers')
    .where({ is_enabled: true })
    .whereRaw('? = ANY(domains)', [domain.toLowerCase()])
    .orderBy('id')
    .first();
}

export async function upsertSsoProvider(
  db: Db,
  provider: Omit<SsoProviderRow, 'is_enabled'>,
  now: Date,
): Promise<void> {
  await db('sso_providers')
    .insert({ ...provider, is_enabled: true, created_at: now, updated_at: now })
    .onConflict('id')
    .merge({ ...provider, is_enabled: true, updated_at: now });
}

/** The groups a user's identity at this provider sent at its latest sign-in; null when none were kept. */
export async function selectLatestIdentityGroups(db: Db, userId: string, provider: string): Promise<string[] | null> {
  const identity = (await db('external_identities')
    .where({ user_id: userId, provider })
    .orderBy('last_sign_in_at', 'desc')
    .first('groups')) as { groups: unknown } | undefined;
  return Array.isArray(identity?.groups)
    ? identity.groups.filter((group): group is string => typeof group === 'string')
    : null;
}
