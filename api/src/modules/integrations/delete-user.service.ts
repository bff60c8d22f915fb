import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './delete-user.queries.js';

/**
 * Removes an account's access without losing order history: disabled, every session ended, the
 * password, identities, MFA and cart gone, personal fields cleared. Orders and audit rows stay.
 */
export async function deleteUserAccess(ctx: ServiceContext, userId: string) {
  const actorId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  if (actorId === userId) throw AppError.conflict('CANNOT_DELETE_SELF', 'You cannot delete your own account.');
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.lockUser(trx, userId))) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    const remainingAdmins = await queries.countOtherActiveAdmins(trx, userId);
    if ((await queries.isAdminAccount(trx, userId)) && remainingAdmins === 0)
      throw AppError.conflict('LAST_ADMIN', 'The portal needs at least one administrator.');
    await queries.disableAndAnonymiseUser(trx, userId, ctx.now());
    await queries.deleteSessionsOfUser(trx, userId);
    await queries.deleteAccessRows(trx, userId);
    await queries.clearProfile(trx, userId, ctx.now());
    await recordAudit(ctx, { action: 'user.delete', targetType: 'user', targetId: userId }, trx);
  });
  return { success: true, userId };
}
