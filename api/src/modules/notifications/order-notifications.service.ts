import type { ServiceContext } from '../../context.js';
import { sendMail } from '../mail/mail.service.js';
import { getAutomationSettings } from '../settings/settings.service.js';

type RequesterEvent = 'submitted' | 'failed' | 'rejected';

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

export function notifyRequester(ctx: ServiceContext, orderId: string, event: RequesterEvent): Promise<void> {
  return safely(ctx, async () => {
    const order = await ctx
      .db('orders')
      .where({ id: orderId })
      .first('order_number', 'user_email', 'rejection_reason', 'total_amount');
    if (!order) return;
    const reason = order.rejection_reason ? `\n\nReason: ${order.rejection_reason}` : '';
    await sendMail(ctx, {
      to: order.user_email,
      subject: SUBJECTS[event](order.order_number),
      template: `order-${event}`,
      text: `Your order ${order.order_number} ($${order.total_amount}) is now ${event}.${reason}\n\nSee it at ${ctx.config.publicUrl}/orders`,
    });
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
