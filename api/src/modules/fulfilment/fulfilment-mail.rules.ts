import type { TimelineEntry } from './inbound.rules.js';

/** The same shape as the mail service's FulfilmentMail (rules do no I/O, so they do not import it). */
export interface FulfilmentMail {
  to: string;
  subject: string;
  text: string;
  template: string;
}

interface MailOrder {
  order_number: string;
  user_email: string;
}

interface LinePortion {
  line_number: number;
  quantity: number;
  delivery_date?: string | null;
  reason?: string | null;
}

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const dateText = (iso: string | null | undefined) => (iso ? DAY.format(new Date(iso)) : null);

/**
 * The requester's mail about what the supplier said: confirmed (with dates), backordered or
 * rejected lines, shipped (with the tracking link). Other timeline events send no mail.
 */
export function fulfilmentMail(order: MailOrder, event: TimelineEntry, publicUrl: string): FulfilmentMail | null {
  const link = `\n\nSee it at ${publicUrl}/orders`;
  const lines = (event.details.lines as LinePortion[] | number[] | undefined) ?? [];
  const portions = lines.filter((line): line is LinePortion => typeof line === 'object');
  const describe = (portion: LinePortion) => {
    const date = dateText(portion.delivery_date);
    const reason = portion.reason ? ` — ${portion.reason}` : '';
    return `Line ${portion.line_number}: ${portion.quantity}${date ? `, expected ${date}` : ''}${reason}`;
  };
  const mail = (subject: string, template: string, text: string): FulfilmentMail => ({
    to: order.user_email,
    subject,
    template,
    text: text + link,
  });
  switch (event.type) {
    case 'confirmed': {
      const dates = portions.map((portion) => dateText(portion.delivery_date)).filter(Boolean);
      const expected = dates.length > 0 ? ` Expected delivery: ${dates.join(', ')}.` : '';
      return mail(
        `Order ${order.order_number} confirmed by the supplier`,
        'order-confirmed',
        `The supplier confirmed your order ${order.order_number}.${expected}`,
      );
    }
    case 'backordered':
      return mail(
        `Items of order ${order.order_number} are backordered`,
        'order-backordered',
        `The supplier backordered part of your order ${order.order_number}:\n${portions.map(describe).join('\n')}`,
      );
    case 'rejected_by_supplier': {
      const reason = typeof event.details.reason === 'string' ? `\n\nReason: ${event.details.reason}` : '';
      const detail = portions.length > 0 ? `:\n${portions.map(describe).join('\n')}` : ` in full.${reason}`;
      return mail(
        `The supplier rejected items of order ${order.order_number}`,
        'order-rejected-by-supplier',
        `The supplier rejected your order ${order.order_number}${detail}`,
      );
    }
    case 'shipped': {
      const carrier = typeof event.details.carrier === 'string' ? ` with ${event.details.carrier}` : '';
      const tracking =
        typeof event.details.tracking_url === 'string' ? `\n\nTrack it: ${event.details.tracking_url}` : '';
      const number =
        typeof event.details.tracking_number === 'string' ? ` (tracking number ${event.details.tracking_number})` : '';
      return mail(
        `Order ${order.order_number} has shipped`,
        'order-shipped',
        `Your order ${order.order_number} has shipped${carrier}${number}.${tracking}`,
      );
    }
    default:
      return null;
  }
}
