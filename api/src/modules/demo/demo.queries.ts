import type { Db } from '../../database/connection.js';
import type { DemoProduct } from './demo-orders.rules.js';

// The demo writes accounts and orders through their modules' queries (one insert of each, not two).
export { countActiveProducts } from '../catalog/catalog.queries.js';
export { insertOrderWithItems } from '../orders/orders.queries.js';
export { selectUserByEmail } from '../users/users.queries.js';

const DEMO_MARKER_KEY = 'demo_data_seeded_at';

export async function isDemoDataSeeded(db: Db): Promise<boolean> {
  return Boolean(await db('app_kv').where({ key: DEMO_MARKER_KEY }).first());
}

export async function markDemoDataSeeded(db: Db, now: Date): Promise<void> {
  await db('app_kv').insert({ key: DEMO_MARKER_KEY, value: JSON.stringify(now.toISOString()) });
}

/** The demo address of a user, unless one is already there. */
export async function insertShippingAddressIfMissing(
  db: Db,
  userId: string,
  address: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db('shipping_addresses')
    .insert({ user_id: userId, ...address, country: 'US', created_at: now, updated_at: now })
    .onConflict('user_id')
    .ignore();
}

/** The department each of the users belongs to (profiles.department_id), by user id. */
export async function selectDepartmentsOfUsers(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  const rows = await db('profiles')
    .whereIn('user_id', userIds)
    .select<{ user_id: string; department_id: string | null }[]>('user_id', 'department_id');
  return new Map(rows.map((row) => [row.user_id, row.department_id]));
}

export function selectActiveDemoProducts(db: Db): Promise<DemoProduct[]> {
  return db('products')
    .where({ active: true })
    .select('id', 'asin', 'sku', 'title', 'price', 'amazon_price')
    .orderBy('asin');
}

export interface PunchoutSettingsRow {
  punchout_url: string | null;
  identity: string | null;
  shared_secret_encrypted: string | null;
  inbound_identity: string | null;
  inbound_shared_secret_encrypted: string | null;
}

export function selectPunchoutSettings(db: Db): Promise<PunchoutSettingsRow | undefined> {
  return db('punchout_settings')
    .where({ id: 1 })
    .first(
      'punchout_url',
      'identity',
      'shared_secret_encrypted',
      'inbound_identity',
      'inbound_shared_secret_encrypted',
    );
}

/** Points the punchout settings at the sandbox supplier, in test mode. */
export async function upsertSandboxPunchoutSettings(
  db: Db,
  settings: {
    url: string;
    shopSetupUrl: string;
    identity: string;
    sharedSecretEncrypted: string;
    inboundIdentity: string;
    inboundSharedSecretEncrypted: string;
  },
  now: Date,
): Promise<void> {
  await db('punchout_settings')
    .insert({
      id: 1,
      punchout_url: settings.url,
      test_punchout_url: settings.url,
      shop_setup_url: settings.shopSetupUrl,
      identity: settings.identity,
      shared_secret_encrypted: settings.sharedSecretEncrypted,
      inbound_identity: settings.inboundIdentity,
      inbound_shared_secret_encrypted: settings.inboundSharedSecretEncrypted,
      test_mode: true,
      updated_at: now,
    })
    .onConflict('id')
    .merge([
      'punchout_url',
      'test_punchout_url',
      'shop_setup_url',
      'identity',
      'shared_secret_encrypted',
      'inbound_identity',
      'inbound_shared_secret_encrypted',
      'test_mode',
      'updated_at',
    ]);
}

export async function hasAnyLocation(db: Db): Promise<boolean> {
  return Boolean(await db('locations').first('id'));
}

export async function hasAnyGtin(db: Db): Promise<boolean> {
  return Boolean(await db('product_gtins').first('gtin'));
}
