import type { Db } from '../../database/connection.js';

// The placeholder the order's insert replaces with the number it generates (orders.queries).
export { ORDER_NUMBER_SLOT } from '../orders/orders.queries.js';

/** What the requester's mail about an order says. */
export function selectOrderForMail(
  db: Db,
  orderId: string,
): Promise<
  { order_number: string; user_email: string; rejection_reason: string | null; total_amount: string } | undefined
> {
  return db('orders').where({ id: orderId }).first('order_number', 'user_email', 'rejection_reason', 'total_amount');
}
