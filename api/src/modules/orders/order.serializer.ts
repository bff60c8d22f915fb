import { requesterDisplayName, type Order } from '../../contracts/order-submission.js';
import type { OrderLineRow, OrderRow } from './orders.queries.js';

/** What an order's JSON is made of: its row with the requester's names (absent names read as none). */
export type OrderSource = Omit<OrderRow, 'first_name' | 'last_name' | 'username'> &
  Partial<Pick<OrderRow, 'first_name' | 'last_name' | 'username'>>;
type RejectionColumns =
  | 'rejection_reason'
  | 'rejected_by_label'
  | 'rejected_at'
  | 'rejected_level'
  | 'punchout_unit_of_measure'
  | 'punchout_reference'
  | 'punchout_previous_unit_price'
  | 'punchout_previous_order_number'
  | 'punchout_previous_seen_at';
/** A line as read (a fresh submission's lines carry no rejection columns: none is rejected yet; catalogue lines no PunchOut columns). */
export type OrderLineSource = Omit<OrderLineRow, 'order_id' | RejectionColumns> &
  Partial<Pick<OrderLineRow, RejectionColumns>>;

/** One order line on the wire. Built field by field: rest and spread copies showed in profiles of GET /api/orders. */
export function serializeOrderLine(line: OrderLineSource): Order['lines'][number] {
  return {
    id: line.id,
    line_number: line.line_number,
    product_id: line.product_id,
    asin: line.asin,
    sku: line.sku,
    title: line.title,
    image_url: line.image_url,
    quantity: line.quantity,
    unit_price: line.unit_price,
    total_price: line.total_price,
    rejection:
      line.rejected_at && line.rejection_reason
        ? {
            reason: line.rejection_reason,
            rejected_by: line.rejected_by_label ?? '',
            rejected_at: new Date(line.rejected_at).toISOString(),
            level: line.rejected_level ?? 1,
          }
        : null,
    supplier_quote: line.punchout_unit_of_measure
      ? {
          unit_of_measure: line.punchout_unit_of_measure,
          reference: line.punchout_reference ?? null,
          price_drop:
            line.punchout_previous_unit_price && line.punchout_previous_seen_at
              ? {
                  previous_unit_price: line.punchout_previous_unit_price,
                  previous_order_number: line.punchout_previous_order_number ?? null,
                  previous_seen_at: new Date(line.punchout_previous_seen_at).toISOString(),
                }
              : null,
        }
      : null,
  };
}

/**
 * The one order serializer: the storefront's orders, a fresh submission and (with its address)
 * the back office's orders all send this shape (contracts/order-submission orderSchema).
 */
export function serializeOrder(order: OrderSource, lines: readonly OrderLineSource[]): Order {
  return {
    id: order.id,
    order_number: order.order_number,
    display_seq: order.display_seq,
    user_id: order.user_id,
    user_email: order.user_email,
    requester_name: requesterDisplayName({
      first_name: order.first_name,
      last_name: order.last_name,
      username: order.username,
      email: order.user_email,
    }),
    status: order.status,
    rejection_reason: order.rejection_reason,
    total_amount: order.total_amount,
    notes: order.notes,
    delivery_location: order.delivery_location,
    priority: order.priority,
    is_urgent: order.is_urgent,
    urgent_reason: order.urgent_reason,
    delivery_note: order.delivery_note ?? null,
    created_at: order.created_at.toISOString(),
    lines: lines.map(serializeOrderLine),
  };
}

/** The lines read for many orders (selectOrderLines), by order id. */
export function linesByOrderId(lines: readonly OrderLineRow[]): Map<string, OrderLineRow[]> {
  const byOrder = new Map<string, OrderLineRow[]>();
  for (const line of lines) {
    const ofOrder = byOrder.get(line.order_id);
    if (ofOrder) ofOrder.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  return byOrder;
}
