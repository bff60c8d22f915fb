import type { Db } from '../../database/connection.js';

// The group → department rules name departments; a save checks they exist.
export { selectDepartment } from '../departments/departments.queries.js';

export interface SsoProviderRow {
  id: string;
  entity_id: string;
  domains: string[];
  entry_point: string | null;
  idp_certificate: string | null;
  is_enabled: boolean;
}

/** The row with what the back office edits besides (display name, second certificate, group mapping). */
export interface SsoProviderSettingsRow extends SsoProviderRow {
  display_name: string | null;
  idp_secondary_certificate: string | null;
  group_attribute: string | null;
  role_rules: unknown;
  department_rules: unknown;
  created_at: Date;
  updated_at: Date;
}

export type SsoProviderWrite = Omit<SsoProviderSettingsRow, 'is_enabled' | 'created_at' | 'updated_at' | 'id'>;

const SETTINGS_COLUMNS = [
  'id',
  'entity_id',
  'domains',
  'entry_point',
  'idp_certificate',
  'is_enabled',
  'display_name',
  'idp_secondary_certificate',
  'group_attribute',
  'role_rules',
  'department_rules',
  'created_at',
  'updated_at',
] as const;

export function selectSsoProviders(db: Db): Promise<SsoProviderRow[]> {
  return db('sso_providers')
    .orderBy('id')
    .select('id', 'entity_id', 'domains', 'entry_point', 'idp_certificate', 'is_enabled');
}

/** An enabled provider with its certificates and group mapping, as a sign-in reads it. */
export function selectSsoProvider(db: Db, id: string): Promise<SsoProviderSettingsRow | undefined> {
  return db('sso_providers').where({ id, is_enabled: true }).first(SETTINGS_COLUMNS);
}

/** Enabled or not, for the back office. */
export function selectSsoProviderSettings(db: Db, id: string): Promise<SsoProviderSettingsRow | undefined> {
  return db('sso_providers').where({ id }).first(SETTINGS_COLUMNS);
}

export async function selectSsoProviderSettingsPage(
  db: Db,
  page: { q?: string; sort: { field: string; order: 'asc' | 'desc' }; offset: number; limit: number },
): Promise<{ rows: SsoProviderSettingsRow[]; total: number }> {
  const filtered = () => {
    const query = db('sso_providers');
    if (page.q) {
      const like = `%${page.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.where((where) =>
        where
          .whereILike('id', like)
          .orWhereILike('entity_id', like)
          .orWhereILike('display_name', like)
          .orWhereRaw("array_to_string(domains, ' ') ILIKE ?", [like]),
      );
    }
    return query;
  };
  const [rows, count] = await Promise.all([
    filtered()
      .select(SETTINGS_COLUMNS)
      .orderBy(page.sort.field, page.sort.order)
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit),
    filtered().count<{ count: string }[]>('* as count'),
  ]);
  return { rows: rows as SsoProviderSettingsRow[], total: Number(count[0]?.count ?? 0) };
}

export async function isEntityIdTaken(db: Db, entityId: string, exceptId?: string): Promise<boolean> {
  const query = db('sso_providers').where({ entity_id: entityId });
  if (exceptId) query.whereNot({ id: exceptId });
  return (await query.first('id')) !== undefined;
}

/** The first of `domains` another provider already serves, if any. */
export async function selectDomainServedElsewhere(
  db: Db,
  domains: readonly string[],
  exceptId?: string,
): Promise<string | undefined> {
  const query = db('sso_providers').whereRaw('domains && ?::text[]', [[...domains]]);
  if (exceptId) query.whereNot({ id: exceptId });
  const row = (await query.first('domains')) as { domains: string[] } | undefined;
  return row ? domains.find((domain) => row.domains.includes(domain)) : undefined;
}

function writeColumns(provider: SsoProviderWrite) {
  return {
    ...provider,
    role_rules: JSON.stringify(provider.role_rules),
    department_rules: JSON.stringify(provider.department_rules),
  };
}

/** False when a provider with this id exists already. */
export async function insertSsoProviderSettings(
  db: Db,
  id: string,
  provider: SsoProviderWrite,
  now: Date,
): Promise<boolean> {
  const inserted = await db('sso_providers')
    .insert({ id, ...writeColumns(provider), is_enabled: true, created_at: now, updated_at: now })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length === 1;
}

export async function updateSsoProviderSettings(
  db: Db,
  id: string,
  provider: SsoProviderWrite,
  now: Date,
): Promise<boolean> {
  return (
    (await db('sso_providers')
      .where({ id })
      .update({ ...writeColumns(provider), updated_at: now })) === 1
  );
}

export async function updateSsoProviderEnabled(db: Db, id: string, isEnabled: boolean, now: Date): Promise<boolean> {
  return (await db('sso_providers').where({ id }).update({ is_enabled: isEnabled, updated_at: now })) === 1;
}

export async function deleteSsoProvider(db: Db, id: string): Promise<boolean> {
  return (await db('sso_providers').where({ id }).delete()) === 1;
}

export function selectSsoProviderByDomain(db: Db, domain: string): Promise<SsoProviderRow | undefined> {
  return db('sso_providers')
    .where({ is_enabled: true })
    .whereRaw('? = ANY(domains)', [domain.toLowerCase()])
    .orderBy('id')
    .first();
}

/** The CLI's save: keeps what the back office set besides (name, second certificate, mapping). */
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
