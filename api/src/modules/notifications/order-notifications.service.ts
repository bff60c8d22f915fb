import { formatUsd } from '../../contracts/money-format.js';
import type { ServiceContext } from '../../context.js';
import { deliverQueuedMail, sendMail, type OutgoingMail } from '../mail/mail.service.js';
import { ORDER_NUMBER_SLOT, selectOrderForMail } from './order-notifications.queries.js';

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
    text: `Your order ${order.order_number} (${formatUsd(order.total_amount)}) is now ${event}.${reason}\n\nSee it at ${publicUrl}/orders`,
  };
}

export function notifyRequester(ctx: ServiceContext, orderId: string, event: RequesterEvent): Promise<void> {
  return safely(ctx, async () => {
    const order = await selectOrderForMail(ctx.db, orderId);
    if (!order) return;
    await sendMail(ctx, requesterMail(order, event, ctx.config.publicUrl));
  });
}

/**
 * The requester's mail naming the lines an approver rejected and why, with the order's
 * new total (the rest of the order goes on).
 */
export function linesRejectedMail(
  order: { order_number: string; user_email: string; total_amount: string },
  lines: readonly { line_number: number; title: string; quantity: number; total_price: string; reason: string }[],
  publicUrl: string,
): OutgoingMail {
  const listed = lines
    .map(
      (line) =>
        `- Line ${line.line_number}: ${line.title} (quantity ${line.quantity}, ${formatUsd(line.total_price)}). Rejected by approver: ${line.reason}`,
    )
    .join('\n');
  return {
    to: order.user_email,
    subject: `Items of order ${order.order_number} were rejected`,
    template: 'order-lines-rejected',
    text: `An approver rejected ${lines.length === 1 ? 'an item' : 'items'} of your order ${order.order_number}:\n${listed}\n\nThe other items go on; the order's new total is ${formatUsd(order.total_amount)}.\n\nSee it at ${publicUrl}/orders`,
  };
}

export function notifyLinesRejected(
  ctx: ServiceContext,
  orderId: string,
  lines: Parameters<typeof linesRejectedMail>[1],
): Promise<void> {
  return safely(ctx, async () => {
    const order = await selectOrderForMail(ctx.db, orderId);
    if (!order) return;
    await sendMail(ctx, linesRejectedMail(order, lines, ctx.config.publicUrl));
  });
}

/**
 * The admins' mail about a new order (admin-portal §2.6), queued by the order's own statement when
 * the automation preference is on. `orderNumberSlot` stands where the number the insert generates goes.
 */
export function newOrderMailForAdmins(
  order: { user_email: string; total_amount: string },
  orderNumberSlot: string,
  publicUrl: string,
): Omit<OutgoingMail, 'to'> {
  return {
    subject: `New order ${orderNumberSlot} waits for approval`,
    template: 'order-new',
    text: `${order.user_email} submitted order ${orderNumberSlot} (${formatUsd(order.total_amount)}).\n\nReview it at ${publicUrl}/admin/orders`,
  };
}

/** Sends the admins' new-order mails just queued with the order (or logs them, without SMTP_URL). */
export function deliverNewOrderMails(
  ctx: ServiceContext,
  orderNumber: string,
  queued: readonly { id: string; to_address: string }[],
  mail: Omit<OutgoingMail, 'to'>,
): Promise<void> {
  return safely(ctx, async () => {
    if (queued.length === 0) return;
    const subject = mail.subject.replace(ORDER_NUMBER_SLOT, orderNumber);
    if (!ctx.config.mail.smtpUrl) {
      ctx.log.info(
        { mail: { ids: queued.map((row) => row.id), recipients: queued.length, subject, template: mail.template } },
        'mail kept in the outbox (no SMTP_URL)',
      );
      return;
    }
    const text = mail.text.replaceAll(ORDER_NUMBER_SLOT, orderNumber);
    for (const row of queued) await deliverQueuedMail(ctx, row.id, { ...mail, subject, text, to: row.to_address });
  });
}
