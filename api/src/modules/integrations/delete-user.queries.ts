import type { Db } from '../../database/connection.js';

// Ending the sessions is the same statement as a password reset's.
export { deleteSessionsOfUser } from '../sessions/session-cleanup.queries.js';

const ADMIN_ROLES = ['admin', 'super_admin'];

/** Whether the account exists; its row stays locked for the rest of the transaction. */
export async function lockUser(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db('users').where({ id: userId }).forUpdate().first('id'));
}

/** Active administrators other than this account. */
export async function countOtherActiveAdmins(db: Db, userId: string): Promise<number> {
  const row = await db('user_roles')
    .join('users', 'users.id', 'user_roles.user_id')
    .whereIn('user_roles.role', ADMIN_ROLES)
    .where('users.status', 'active')
    .whereNot('users.id', userId)
    .countDistinct<{ n: number }>({ n: 'users.id' })
    .first();
  return Number(row?.n ?? 0);
}

export async function isAdminAccount(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db('user_roles').where({ user_id: userId }).whereIn('role', ADMIN_ROLES).first('role'));
}

/** Disables the account and frees its e-mail for a new account. */
export async function disableAndAnonymiseUser(db: Db, userId: string, now: Date): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({ email: `deleted-${userId}@deleted.invalid`, status: 'disabled', disabled_at: now, updated_at: now });
}

/** The password, identities, MFA, cart, reset tokens and roles of the account. */
export async function deleteAccessRows(db: Db, userId: string): Promise<void> {
  for (const table of [
    'password_credentials',
    'external_identities',
    'mfa_totp_factors',
    'cart_items',
    'punchout_cart_items',
    'password_reset_tokens',
    'user_roles',
  ]) {
    await db(table).where({ user_id: userId }).delete();
  }
}

/** Clears the personal fields of the profile (the row stays for the order history's joins). */
export async function clearProfile(db: Db, userId: string, now: Date): Promise<void> {
  await db('profiles').where({ user_id: userId }).update({
    username: null,
    first_name: null,
    last_name: null,
    phone: null,
    avatar_url: null,
    default_ship_to: null,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    npi: null,
    license_number: null,
    practice_address: null,
    onboarding_approved: false,
    updated_at: now,
  });
}
