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

/** An ordered line's number and item title, to name the item a portion is of. */
export interface OrderedLineName {
  line_number: number;
  title: string;
}

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const dateText = (iso: string | null | undefined) => (iso ? DAY.format(new Date(iso)) : null);

/** " Expected delivery: Nov 30, 2026." — each day once, in the order the supplier gave them; '' without any. */
export function expectedDeliveryText(deliveryDates: readonly (string | null | undefined)[]): string {
  const days = [...new Set(deliveryDates.map(dateText).filter((day): day is string => day !== null))];
  return days.length > 0 ? ` Expected delivery: ${days.join(', ')}.` : '';
}

/** "2 × Nitrile gloves, size M (line 1)": the units of a portion and the item they are of. */
export function portionText(
  portion: Pick<LinePortion, 'line_number' | 'quantity'>,
  orderedLines: readonly OrderedLineName[],
): string {
  const title = orderedLines.find((line) => line.line_number === portion.line_number)?.title;
  return title
    ? `${portion.quantity} × ${title} (line ${portion.line_number})`
    : `${portion.quantity} × the item of line ${portion.line_number}`;
}

/**
 * The requester's mail about what the supplier said: confirmed (with dates), backordered or
 * rejected lines, shipped (with the tracking link). Other timeline events send no mail.
 */
export function fulfilmentMail(
  order: MailOrder,
  event: TimelineEntry,
  publicUrl: string,
  orderedLines: readonly OrderedLineName[] = [],
): FulfilmentMail | null {
  const link = `\n\nSee it at ${publicUrl}/orders`;
  const lines = (event.details.lines as LinePortion[] | number[] | undefined) ?? [];
  const portions = lines.filter((line): line is LinePortion => typeof line === 'object');
  const describe = (portion: LinePortion) => {
    const date = dateText(portion.delivery_date);
    const reason = portion.reason ? ` — ${portion.reason}` : '';
    return `- ${portionText(portion, orderedLines)}${date ? `, expected ${date}` : ''}${reason}`;
  };
  const mail = (subject: string, template: string, text: string): FulfilmentMail => ({
    to: order.user_email,
    subject,
    template,
    text: text + link,
  });
  switch (event.type) {
    case 'confirmed': {
      const expected = expectedDeliveryText(portions.map((portion) => portion.delivery_date));
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
      if (portions.length === 0) {
        return mail(
          `The supplier rejected order ${order.order_number}`,
          'order-rejected-by-supplier',
          `The supplier rejected your order ${order.order_number} in full.${reason}`,
        );
      }
      const what = portions.length === 1 ? 'an item' : 'items';
      return mail(
        `The supplier rejected items of order ${order.order_number}`,
        'order-rejected-by-supplier',
        `The supplier rejected ${what} of your order ${order.order_number}:\n${portions.map(describe).join('\n')}`,
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
