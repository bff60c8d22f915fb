import type { Db } from '../../database/connection.js';

import type { OrderStatus } from '../../contracts/orders.js';

export type { OrderStatus };

export interface OrderInsert {
  user_id: string;
  user_email: string;
  status: OrderStatus;
  total_amount: string;
  notes: string | null;
  delivery_location: string;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  rejection_reason?: string | null;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

export interface OrderItemInsert {
  line_number: number;
  product_id: string | null;
  asin: string;
  sku: string | null;
  title: string;
  quantity: number;
  unit_price: string;
  total_price: string;
}

/** Inserts an order and its lines; call inside a transaction so neither exists without the other. */
export async function insertOrderWithItems(
  db: Db,
  order: OrderInsert,
  items: readonly OrderItemInsert[],
): Promise<{ id: string; order_number: string; display_seq: number }> {
  const [created] = await db('orders')
    .insert(order)
    .returning<{ id: string; order_number: string; display_seq: number }[]>(['id', 'order_number', 'display_seq']);
  if (!created) throw new Error('insert into orders returned nothing');
  await db('order_items').insert(items.map((item) => ({ ...item, order_id: created.id })));
  return created;
}
