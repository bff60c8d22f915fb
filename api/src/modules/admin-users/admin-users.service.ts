import { adminUserUpdateSchema, type AdminUser } from '../../contracts/admin-users.js';
import { shippingAddressSchema } from '../../contracts/me.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import { effectiveRole, isAdmin, roleSchema, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { selectPausedAccountIds, selectSignInPauses } from '../throttles/account-locks.js';
import type { Throttles } from '../throttles/throttles.js';
import { setUsersDepartment as assignDepartment } from '../departments/departments.service.js';
import { inviteUser } from '../users/user-invitations.service.js';
import { changeRoleInTransaction, setApprovalForUsers } from '../users/users.service.js';
import * as queries from './admin-users.queries.js';

/** An account row as the back office shows it; `pausedUntil` when its sign-in is being throttled. */
export function toAdminUser(row: queries.AdminUserRow, pausedUntil?: Date): AdminUser {
  const roles = row.roles as Role[];
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    created_at: row.created_at.toISOString(),
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    department: row.department,
    department_id: row.department_id,
    order_limit: row.order_limit === null ? null : toMoneyText(row.order_limit),
    monthly_limit: row.monthly_limit === null ? null : toMoneyText(row.monthly_limit),
    roles,
    effective_role: effectiveRole(roles),
    is_admin: isAdmin(roles),
    onboarding_completed: row.onboarding_completed ?? false,
    onboarding_approved: row.onboarding_approved ?? false,
    approved_at: row.approved_at?.toISOString() ?? null,
    approval_notes: row.approval_notes,
    has_shipping_address: row.address !== null,
    shipping_address: row.address,
    sign_in_paused_until: pausedUntil?.toISOString() ?? null,
  };
}

type UsersPageOptions = Parameters<typeof queries.selectUsersPage>[1];

/** A page of GET /api/admin/users; `sign_in_paused` filters by the running pauses of the throttles. */
export async function listAdminUsers(
  ctx: ServiceContext,
  {
    filter: { sign_in_paused: isPaused, ...filter },
    ...page
  }: Omit<UsersPageOptions, 'filter'> & {
    filter: Omit<UsersPageOptions['filter'], 'paused'> & { sign_in_paused?: boolean };
  },
) {
  const paused = isPaused === undefined ? undefined : { ids: await selectPausedAccountIds(ctx.db), isPaused };
  const { rows, total } = await queries.selectUsersPage(ctx.db, { ...page, filter: { ...filter, paused } });
  return { rows: await toAdminUsers(ctx, rows), total };
}

/** A page of accounts with their sign-in pauses (one extra query for the page). */
export async function toAdminUsers(ctx: ServiceContext, rows: queries.AdminUserRow[]) {
  const pauses = await selectSignInPauses(ctx.db, rows);
  return rows.map((row) => toAdminUser(row, pauses.get(row.id)));
}

export async function getAdminUser(ctx: ServiceContext, id: string) {
  const { rows } = await queries.selectUsersPage(ctx.db, {
    filter: { id },
    sort: { field: 'email', order: 'asc' },
    offset: 0,
    limit: 1,
  });
  const [row] = rows;
  if (!row) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
  const [user] = await toAdminUsers(ctx, [row]);
  return user!;
}

/** POST /api/admin/users: an account with an invitation mail, the mail sent once the account is committed. */
export async function inviteAdminUser(ctx: ServiceContext, rawInput: unknown) {
  const invited = await ctx.db.transaction((trx) => inviteUser({ ...ctx, db: trx }, rawInput));
  await invited.deliver(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'invitation mail not sent yet'));
  return getAdminUser(ctx, invited.id);
}

/**
 * An administrator lifts the pause on an account's sign-in (password guesses by strangers and
 * two-step codes), e.g. after confirming with the user by phone. Audited with what was paused.
 */
export async function unlockSignIn(ctx: ServiceContext, throttles: Throttles, userId: string) {
  const user = await getAdminUser(ctx, userId);
  await Promise.all([throttles.clear('signInAccount', user.email), throttles.clear('mfaCode', user.id)]);
  await recordAudit(ctx, {
    action: 'user.unlock_sign_in',
    targetType: 'user',
    targetId: user.id,
    details: { email: user.email, paused_until: user.sign_in_paused_until },
  });
  return { ...user, sign_in_paused_until: null };
}

/**
 * PUT /api/admin/users/:id: an admin sets the account's department and its per-user limits (the
 * rest of the record is not edited here). A record sent back unchanged changes nothing.
 */
export async function setUserDepartment(ctx: ServiceContext, userId: string, rawInput: unknown) {
  const { department_id: departmentId, ...limitInput } = adminUserUpdateSchema.parse(rawInput);
  const current = await getAdminUser(ctx, userId);
  if (departmentId === null && current.department_id !== null) {
    throw new AppError(422, 'DEPARTMENT_REQUIRED', 'Every user belongs to a department: choose one.', {
      department_id: 'Choose a department',
    });
  }
  if (departmentId !== null) await assignDepartment(ctx, { ids: [userId], department_id: departmentId });
  await saveUserLimits(ctx, current, limitInput);
  return getAdminUser(ctx, userId);
}

/** The limits that changed, written and audited with their previous values; the same values write nothing. */
async function saveUserLimits(
  ctx: ServiceContext,
  current: AdminUser,
  input: { order_limit?: number | null; monthly_limit?: number | null },
): Promise<void> {
  const text = (amount: number | null | undefined) =>
    amount === undefined ? undefined : amount === null ? null : toMoneyText(amount);
  const wanted = { order_limit: text(input.order_limit), monthly_limit: text(input.monthly_limit) };
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(
      ([field, value]) => value !== undefined && value !== current[field as keyof typeof wanted],
    ),
  ) as Partial<Record<keyof typeof wanted, string | null>>;
  if (Object.keys(changes).length === 0) return;
  await ctx.db.transaction(async (trx) => {
    await queries.updateUserLimits(trx, current.id, changes, ctx.now());
    const before = Object.fromEntries(
      Object.keys(changes).map((field) => [field, current[field as keyof typeof wanted]]),
    );
    await recordAudit(
      ctx,
      { action: 'user.limits', targetType: 'user', targetId: current.id, details: { before, after: changes } },
      trx,
    );
  });
}

/** POST /api/admin/users/department: many accounts into one department, all or none. */
export const setUsersDepartment = assignDepartment;

/** Approves or un-approves accounts (users.service owns the rule; the CLI calls it too). */
export const setUserApproval = setApprovalForUsers;

/** The admin's Add/Edit Address action (admin-portal §2.5) for any account. */
export async function saveUserShippingAddress(ctx: ServiceContext, userId: string, rawInput: unknown) {
  const address = shippingAddressSchema.parse(rawInput);
  const now = ctx.now();
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.userExists(trx, userId))) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    await queries.upsertShippingAddress(trx, userId, address, now);
    await recordAudit(
      ctx,
      { action: 'shipping_address.save', targetType: 'user', targetId: userId, details: { by: 'admin' } },
      trx,
    );
  });
  return getAdminUser(ctx, userId);
}

export async function changeUserRole(
  ctx: ServiceContext,
  userId: string,
  rawRole: unknown,
  change: 'grant' | 'revoke',
) {
  const role = roleSchema.parse(rawRole);
  const actorId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  if (change === 'revoke' && actorId === userId && (role === 'admin' || role === 'super_admin')) {
    throw AppError.conflict('CANNOT_REVOKE_OWN_ADMIN', 'You cannot remove your own admin role.');
  }
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.userExists(trx, userId))) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    const changed = await changeRoleInTransaction(trx, { userId, role, change, grantedBy: actorId, now: ctx.now() });
    if (changed) {
      await recordAudit(
        ctx,
        { action: `user.role.${change}`, targetType: 'user', targetId: userId, details: { role } },
        trx,
      );
    }
  });
  return getAdminUser(ctx, userId);
}

/** The portal always keeps at least one active admin: the last one cannot lose the role or be disabled. */
async function assertAnotherAdminRemains(db: ServiceContext['db'], userId: string): Promise<void> {
  if ((await queries.countOtherActiveAdmins(db, userId)) === 0)
    throw AppError.conflict('LAST_ADMIN', 'The portal needs at least one administrator.');
}

/** Disabling ends the account's sessions at once; its orders and audit history stay. */
export async function setUserDisabled(ctx: ServiceContext, userId: string, isDisabled: boolean) {
  const actorId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  if (isDisabled && actorId === userId)
    throw AppError.conflict('CANNOT_DISABLE_SELF', 'You cannot disable your own account.');
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.userExists(trx, userId))) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    if (isDisabled) await assertAnotherAdminRemains(trx, userId);
    await queries.updateUserStatus(trx, userId, isDisabled, ctx.now());
    if (isDisabled) await queries.deleteUserSessions(trx, userId);
    await recordAudit(
      ctx,
      { action: isDisabled ? 'user.disable' : 'user.enable', targetType: 'user', targetId: userId },
      trx,
    );
  });
  return getAdminUser(ctx, userId);
}
