import type { ServiceContext } from '../../context.js';
import { deliverQueuedMail, queueMail, type OutgoingMail } from '../mail/mail.service.js';
import { nextApprovalStep } from './approval-levels.rules.js';
import { levelApproverAccounts, levelApproverMail } from './level-approver-mails.js';
import * as approvals from './approvals.queries.js';
import * as queries from './level-approvers.queries.js';

/**
 * Tells everyone who may approve the level a pending order now waits for (after its submission and
 * after each lower level's approval), once per level however many calls work it out. `alreadyTold`
 * are addresses that just got a mail about the same order (the administrators' new-order mail) and
 * get no second one for its first level. A mail never undoes or fails the change it reports: errors
 * are logged.
 */
export async function notifyWaitingLevel(
  ctx: ServiceContext,
  orderId: string,
  alreadyTold: readonly string[] = [],
): Promise<void> {
  try {
    const order = await queries.selectWaitingOrder(ctx.db, orderId);
    if (!order) return;
    const [levels, given] = await Promise.all([
      approvals.selectApprovalLevels(ctx.db),
      approvals.selectApprovalsOfOrders(ctx.db, [orderId]),
    ]);
    const step = nextApprovalStep(levels, order.total_amount, given.length, order.order_limit);
    const told = new Set(step.level === 1 ? alreadyTold.map((address) => address.toLowerCase()) : []);
    // The submission's call runs late (after auto-approval); an approval given meanwhile has told
    // the next level already. Only the call that records the level reads its approvers and queues
    // their mails, with the record.
    const queued = await ctx.db.transaction(async (trx) => {
      if (!(await queries.recordApproversNotified(trx, orderId, step.level)))
        return { ids: [], approvers: [], isRecorded: false };
      const accounts = await queries.selectActiveApproverAccounts(trx);
      const approvers = levelApproverAccounts(accounts, step, { requesterId: order.user_id, approvals: given });
      const recipients = approvers
        .map((account) => account.email)
        .filter((address) => !told.has(address.toLowerCase()));
      const inTransaction = { ...ctx, db: trx };
      const ids: { id: string; mail: OutgoingMail }[] = [];
      for (const to of recipients) {
        const mail = levelApproverMail(to, order, step.level, ctx.config.publicUrl);
        ids.push({ id: await queueMail(inTransaction, mail), mail });
      }
      return { ids, approvers, isRecorded: true };
    });
    // A STAT order also reaches its approvers' open back-office pages: after the commit and on its
    // own, so a notification that fails never takes the approvers' mails with it.
    if (queued.isRecorded && order.is_urgent && queued.approvers.length > 0) {
      await queries
        .notifyStatWaiting(ctx.db, { order_id: orderId, order_number: order.order_number, level: step.level })
        .catch((error: unknown) =>
          ctx.log.warn(
            { order_id: orderId, error: error instanceof Error ? error.message : String(error) },
            'STAT order event not sent',
          ),
        );
    }
    for (const { id, mail } of queued.ids) await deliverQueuedMail(ctx, id, mail);
  } catch (error) {
    ctx.log.warn(
      { order_id: orderId, error: error instanceof Error ? error.message : String(error) },
      'approver notification not sent',
    );
  }
}
