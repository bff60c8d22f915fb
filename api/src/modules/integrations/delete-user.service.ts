import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';

/**
 * Removes an account's access without losing order history: disabled, every session ended, the
 * password, identities, MFA and cart gone, personal fields cleared. Orders and audit rows stay.
 */
export async function deleteUserAccess(ctx: ServiceContext, userId: string) {
  const actorId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  if (actorId === userId) throw AppError.conflict('CANNOT_DELETE_SELF', 'You cannot delete your own account.');
  await ctx.db.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId }).forUpdate().first('id');
    if (!user) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    const remainingAdmins = await trx('user_roles')
      .join('users', 'users.id', 'user_roles.user_id')
      .whereIn('user_roles.role', ['admin', 'super_admin'])
      .where('users.status', 'active')
      .whereNot('users.id', userId)
      .countDistinct<{ n: number }>({ n: 'users.id' })
      .first();
    const isAdminTarget = await trx('user_roles')
      .where({ user_id: userId })
      .whereIn('role', ['admin', 'super_admin'])
      .first('role');
    if (isAdminTarget && Number(remainingAdmins?.n ?? 0) === 0)
      throw AppError.conflict('LAST_ADMIN', 'The portal needs at least one administrator.');
    await trx('users')
      .where({ id: userId })
      .update({
        email: `deleted-${userId}@deleted.invalid`,
        status: 'disabled',
        disabled_at: ctx.now(),
        updated_at: ctx.now(),
      });
    await trx('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).delete();
    for (const table of [
      'password_credentials',
      'external_identities',
      'mfa_totp_factors',
      'cart_items',
      'password_reset_tokens',
      'user_roles',
    ]) {
      await trx(table).where({ user_id: userId }).delete();
    }
    await trx('profiles').where({ user_id: userId }).update({
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
      updated_at: ctx.now(),
    });
    await recordAudit(ctx, { action: 'user.delete', targetType: 'user', targetId: userId }, trx);
  });
  return { success: true, userId };
}
