import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';

import { ADMIN_USER_SORTS } from '../../contracts/admin-users.js';

export interface AdminUserFilter {
  q?: string;
  group?: 'admins' | 'providers';
  onboarding_approved?: boolean;
  id?: string | string[];
  department_id?: string;
  /** The accounts whose sign-in is paused (read by the service): kept, or left out. */
  paused?: { ids: readonly string[]; isPaused: boolean };
}

export interface AdminUserRow {
  id: string;
  email: string;
  status: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  department: string | null;
  department_id: string | null;
  order_limit: string | null;
  monthly_limit: string | null;
  onboarding_completed: boolean | null;
  onboarding_approved: boolean | null;
  approved_at: Date | null;
  approval_notes: string | null;
  roles: string[];
  address: {
    full_name: string;
    street_line1: string;
    street_line2: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: string;
    phone: string | null;
  } | null;
}

const ADMIN_ROLES = ['admin', 'super_admin'];
const PROVIDER_ROLES = ['provider', 'doctor', 'nurse', 'user'];

export async function selectUsersPage(
  db: Db,
  options: {
    filter: AdminUserFilter;
    sort: { field: (typeof ADMIN_USER_SORTS)[number]; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const roles = db('user_roles')
    .select('user_id', db.raw('array_agg(role ORDER BY created_at) AS roles'))
    .groupBy('user_id')
    .as('r');
  const query = db('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin(roles, 'r.user_id', 'users.id')
    .leftJoin('shipping_addresses as a', 'a.user_id', 'users.id');
  const { q, group, onboarding_approved: approved, id, department_id: departmentId, paused } = options.filter;
  if (departmentId) query.where('profiles.department_id', departmentId);
  if (paused) query.whereRaw(`${paused.isPaused ? '' : 'NOT '}users.id = ANY(?::uuid[])`, [[...paused.ids]]);
  if (id) query.whereIn('users.id', Array.isArray(id) ? id : [id]);
  if (q) {
    const pattern = containsPattern(q);
    query.where((where) =>
      where
        .whereILike('users.email', pattern)
        .orWhereRaw(`coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, '') ILIKE ?`, [pattern]),
    );
  }
  if (group === 'admins') query.whereRaw('r.roles && ?::text[]', [ADMIN_ROLES]);
  if (group === 'providers')
    query.whereRaw('r.roles && ?::text[] AND NOT (r.roles && ?::text[])', [PROVIDER_ROLES, ADMIN_ROLES]);
  if (approved !== undefined) query.where('profiles.onboarding_approved', approved);
  const sortColumn =
    options.sort.field === 'email' || options.sort.field === 'created_at'
      ? `users.${options.sort.field}`
      : `profiles.${options.sort.field}`;
  const rows: (Omit<AdminUserRow, 'address'> & { total: number; a_full_name: string | null } & Record<
      string,
      unknown
    >)[] = await query
    .select(
      'users.id',
      'users.email',
      'users.status',
      'users.created_at',
      'profiles.first_name',
      'profiles.last_name',
      'profiles.username',
      'profiles.department',
      'profiles.department_id',
      'profiles.order_limit',
      'profiles.monthly_limit',
      'profiles.onboarding_completed',
      'profiles.onboarding_approved',
      'profiles.approved_at',
      'profiles.approval_notes',
      db.raw(`coalesce(r.roles, '{}') AS roles`),
      'a.full_name as a_full_name',
      'a.street_line1 as a_street_line1',
      'a.street_line2 as a_street_line2',
      'a.city as a_city',
      'a.state as a_state',
      'a.postal_code as a_postal_code',
      'a.country as a_country',
      'a.phone as a_phone',
      db.raw('count(*) OVER ()::int AS total'),
    )
    .orderBy([{ column: sortColumn, order: options.sort.order, nulls: 'last' }, { column: 'users.id' }])
    .offset(options.offset)
    .limit(options.limit);
  return {
    rows: rows.map((row) => {
      const {
        total: _total,
        a_full_name: fullName,
        a_street_line1,
        a_street_line2,
        a_city,
        a_state,
        a_postal_code,
        a_country,
        a_phone,
        ...user
      } = row;
      return {
        ...(user as Omit<AdminUserRow, 'address'>),
        address: fullName
          ? {
              full_name: fullName,
              street_line1: String(a_street_line1),
              street_line2: (a_street_line2 as string | null) ?? null,
              city: String(a_city),
              state: String(a_state),
              postal_code: String(a_postal_code),
              country: String(a_country),
              phone: (a_phone as string | null) ?? null,
            }
          : null,
      };
    }),
    total: rows[0]?.total ?? 0,
  };
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db('users').where({ id: userId }).first('id')) !== undefined;
}

export async function upsertShippingAddress(
  db: Db,
  userId: string,
  address: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db('shipping_addresses')
    .insert({ user_id: userId, ...address, created_at: now, updated_at: now })
    .onConflict('user_id')
    .merge({ ...address, updated_at: now });
}

/** Active admins other than this account, under a lock so two removals cannot both pass. */
export async function countOtherActiveAdmins(db: Db, userId: string): Promise<number> {
  await db.raw(`SELECT pg_advisory_xact_lock(hashtext('supply-hub:admins'))`);
  const others = await db('user_roles')
    .join('users', 'users.id', 'user_roles.user_id')
    .whereIn('user_roles.role', ['admin', 'super_admin'])
    .where('users.status', 'active')
    .whereNot('user_roles.user_id', userId)
    .countDistinct<{ n: number }>({ n: 'user_roles.user_id' })
    .first();
  return Number(others?.n ?? 0);
}

export async function updateUserStatus(db: Db, userId: string, isDisabled: boolean, now: Date): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({ status: isDisabled ? 'disabled' : 'active', disabled_at: isDisabled ? now : null, updated_at: now });
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).delete();
}

/** The account's per-order and monthly limits (USD text, null for none). */
export async function updateUserLimits(
  db: Db,
  userId: string,
  limits: { order_limit?: string | null; monthly_limit?: string | null },
  now: Date,
): Promise<void> {
  await db('profiles')
    .where({ user_id: userId })
    .update({ ...limits, updated_at: now });
}
