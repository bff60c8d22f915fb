import type { ServiceContext } from '../../context.js';
import { sendMail, type OutgoingMail } from '../mail/mail.service.js';
import { getAutomationSettings } from '../settings/settings.service.js';

export type RequesterEvent = 'submitted' | 'failed' | 'rejected';

const SUBJECTS: Record<RequesterEvent, (orderNumber: string) => string> = {
  submitted: (n) => `Order ${n} approved and sent to the supplier`,
  failed: (n) => `Order ${n} could not be sent to the supplier`,
  rejected: (n) => `Order ${n} was rejected`,
};

/** Mails must never undo or fail the change they report: errors are logged, not thrown. */
async function safely(ctx: ServiceContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'order notification not sent');
  }
}

/** The requester's mail about an order's new status; the supplier submission queues it in its own transaction. */
export function requesterMail(
  order: { order_number: string; user_email: string; total_amount: string; rejection_reason: string | null },
  event: RequesterEvent,
  publicUrl: string,
): OutgoingMail {
  const reason = order.rejection_reason ? `\n\nReason: ${order.rejection_reason}` : '';
  return {
    to: order.user_email,
    subject: SUBJECTS[event](order.order_number),
    template: `order-${event}`,
    text: `Your order ${order.order_number} ($${order.total_amount}) is now ${event}.${reason}\n\nSee it at ${publicUrl}/orders`,
  };
}

export function notifyRequester(ctx: ServiceContext, orderId: string, event: RequesterEvent): Promise<void> {
  return safely(ctx, async () => {
    const order = await ctx
      .db('orders')
      .where({ id: orderId })
      .first('order_number', 'user_email', 'rejection_reason', 'total_amount');
    if (!order) return;
    await sendMail(ctx, requesterMail(order, event, ctx.config.publicUrl));
  });
}

/** Admins hear of each new order when the automation preference is on (admin-portal §2.6). */
export function notifyAdminsOfNewOrder(ctx: ServiceContext, orderId: string): Promise<void> {
  return safely(ctx, async () => {
    const settings = await getAutomationSettings(ctx);
    if (!settings.email_notifications_new_orders) return;
    const order = await ctx.db('orders').where({ id: orderId }).first('order_number', 'user_email', 'total_amount');
    const admins: { email: string }[] = await ctx
      .db('users')
      .join('user_roles', 'user_roles.user_id', 'users.id')
      .whereIn('user_roles.role', ['admin', 'super_admin'])
      .where('users.status', 'active')
      .distinct('users.email');
    for (const admin of admins) {
      await sendMail(ctx, {
        to: admin.email,
        subject: `New order ${order.order_number} waits for approval`,
        template: 'order-new',
        text: `${order.user_email} submitted order ${order.order_number} ($${order.total_amount}).\n\nReview it at ${ctx.config.publicUrl}/admin/orders`,
      });
    }
  });
}
