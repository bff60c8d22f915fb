import type { Db } from '../../database/connection.js';
import type { ReturnedCartLine } from './punchout.rules.js';

export interface ShopSettingsRow {
  shop_setup_url: string | null;
  identity: string | null;
  shared_secret_encrypted: string | null;
  test_mode: boolean;
  /** Null: the SUPPLIER_IDENTITY default. */
  supplier_identity: string | null;
}

export function selectShopSettings(db: Db): Promise<ShopSettingsRow | undefined> {
  return db('punchout_settings')
    .where({ id: 1 })
    .first('shop_setup_url', 'identity', 'shared_secret_encrypted', 'test_mode', 'supplier_identity');
}

/** The supplier's identity in use: the one saved in the settings, else the SUPPLIER_IDENTITY default. */
export async function selectSupplierIdentity(db: Db, fallback: string): Promise<string> {
  const row = await db('punchout_settings').where({ id: 1 }).first('supplier_identity');
  return (row?.supplier_identity as string | null | undefined) ?? fallback;
}

export interface ShopperRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  department_name: string | null;
  onboarding_approved: boolean | null;
}

/** Who shops: the e-mail and name for the supplier's page, and the department as the portal knows it. */
export function selectShopper(db: Db, userId: string): Promise<ShopperRow | undefined> {
  return db('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('departments', 'departments.id', 'profiles.department_id')
    .where('users.id', userId)
    .first(
      'users.email',
      'profiles.first_name',
      'profiles.last_name',
      'profiles.onboarding_approved',
      db.raw('coalesce(departments.name, profiles.department) AS department_name'),
    );
}

export async function insertSession(
  db: Db,
  session: {
    user_id: string;
    buyer_cookie: string;
    payload_id: string;
    start_page: string;
    created_at: Date;
    expires_at: Date;
  },
): Promise<void> {
  await db('punchout_sessions').insert(session);
}

export interface SessionRow {
  id: string;
  user_id: string;
  returned_at: Date | null;
  expires_at: Date;
}

/**
 * Takes the session's cart once: only an open session (not returned, not expired) is marked, so of
 * two posts of the same cart, even at the same moment, one finds it and the other finds nothing.
 */
export async function claimSession(
  db: Db,
  buyerCookie: string,
  itemCount: number,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = (await db('punchout_sessions')
    .where({ buyer_cookie: buyerCookie })
    .whereNull('returned_at')
    .where('expires_at', '>', now)
    .update({ returned_at: now, returned_item_count: itemCount })
    .returning(['id', 'user_id', 'returned_at', 'expires_at'])) as SessionRow[];
  return row;
}

export function selectSessionByCookie(db: Db, buyerCookie: string): Promise<SessionRow | undefined> {
  return db('punchout_sessions')
    .where({ buyer_cookie: buyerCookie })
    .first('id', 'user_id', 'returned_at', 'expires_at');
}

export function selectActiveShopper(db: Db, userId: string): Promise<{ id: string } | undefined> {
  return db('users').where({ id: userId, status: 'active' }).first('id');
}

export async function insertCartLines(
  db: Db,
  session: { id: string; user_id: string },
  lines: readonly ReturnedCartLine[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await db('punchout_cart_items').insert(
    lines.map((line) => ({
      user_id: session.user_id,
      session_id: session.id,
      line_number: line.lineNumber,
      supplier_part_id: line.supplierPartId,
      supplier_part_auxiliary_id: line.supplierPartAuxiliaryId,
      description: line.description,
      unit_price: line.unitPrice,
      quantity: line.quantity,
      unit_of_measure: line.unitOfMeasure,
      unspsc: line.unspsc,
      manufacturer_name: line.manufacturerName,
      added_at: now,
    })),
  );
}

/**
 * Sessions whose cart never came back and expired before `before`: nothing refers to them. A
 * returned session stays (its cart lines and ordered lines name it).
 */
export async function deleteAbandonedSessions(db: Db, before: Date): Promise<number> {
  return db('punchout_sessions').whereNull('returned_at').where('expires_at', '<', before).delete();
}
