import type { ServiceContext } from '../../context.js';
import { sendMail } from '../mail/mail.service.js';
import { nextApprovalStep } from './approval-levels.rules.js';
import { levelApproverMail, levelApprovers } from './level-approver-mails.js';
import * as approvals from './approvals.queries.js';
import * as queries from './level-approvers.queries.js';

/**
 * Tells everyone who may approve the level a pending order now waits for (after its submission and
 * after each lower level's approval). `alreadyTold` are addresses that just got a mail about the
 * same order (the administrators' new-order mail) and get no second one for its first level.
 * A mail never undoes or fails the change it reports: errors are logged.
 */
export async function notifyWaitingLevel(
  ctx: ServiceContext,
  orderId: string,
  alreadyTold: readonly string[] = [],
): Promise<void> {
  try {
    const order = await queries.selectWaitingOrder(ctx.db, orderId);
    if (!order) return;
    const [levels, given, accounts] = await Promise.all([
      approvals.selectApprovalLevels(ctx.db),
      approvals.selectApprovalsOfOrders(ctx.db, [orderId]),
      queries.selectActiveAccountsWithRoles(ctx.db),
    ]);
    const step = nextApprovalStep(levels, order.total_amount, given.length, order.order_limit);
    const told = new Set(step.level === 1 ? alreadyTold.map((address) => address.toLowerCase()) : []);
    const recipients = levelApprovers(accounts, step, { requesterId: order.user_id, approvals: given }).filter(
      (address) => !told.has(address.toLowerCase()),
    );
    for (const to of recipients) {
      await sendMail(ctx, levelApproverMail(to, order, step.level, ctx.config.publicUrl));
    }
  } catch (error) {
    ctx.log.warn(
      { order_id: orderId, error: error instanceof Error ? error.message : String(error) },
      'approver notification not sent',
    );
  }
}
