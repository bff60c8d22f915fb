import type { ShippingAddress } from '../../contracts/me.js';
import type { Db } from '../../database/connection.js';

const ADDRESS_COLUMNS = [
  'full_name',
  'street_line1',
  'street_line2',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
] as const;

const PROFILE_COLUMNS = [
  'username',
  'first_name',
  'last_name',
  'phone',
  'department',
  'default_ship_to',
  'years_experience',
  'onboarding_completed',
  'onboarding_approved',
  'npi',
  'license_number',
  'specialty',
  'practice_address',
] as const;

export async function selectShippingAddress(db: Db, userId: string): Promise<ShippingAddress | undefined> {
  return db('shipping_addresses')
    .where({ user_id: userId })
    .first(...ADDRESS_COLUMNS);
}

export async function upsertShippingAddress(
  db: Db,
  userId: string,
  address: ShippingAddress,
  now: Date,
): Promise<void> {
  await db('shipping_addresses')
    .insert({ user_id: userId, ...address, created_at: now, updated_at: now })
    .onConflict('user_id')
    .merge({ ...address, updated_at: now });
}

/** How many profiles were updated (0: the account has none). */
export function updateDefaultShipTo(db: Db, userId: string, defaultShipTo: string | null, now: Date): Promise<number> {
  return db('profiles').where({ user_id: userId }).update({ default_ship_to: defaultShipTo, updated_at: now });
}

export function selectOwnProfile(db: Db, userId: string) {
  return db('profiles')
    .where({ user_id: userId })
    .first(...PROFILE_COLUMNS);
}
