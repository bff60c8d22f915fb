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

export interface OrderRow {
  id: string;
  order_number: string;
  display_seq: number;
  user_id: string;
  user_email: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  status: string;
  rejection_reason: string | null;
  total_amount: string;
  notes: string | null;
  delivery_location: string;
  priority: string;
  created_at: Date;
}

export interface OrderLineRow {
  id: string;
  order_id: string;
  line_number: number;
  product_id: string | null;
  asin: string;
  sku: string | null;
  title: string;
  image_url: string | null;
  quantity: number;
  unit_price: string;
  total_price: string;
}

/** The columns of an OrderRow: the order and its requester's names (profiles joined). */
export const ORDER_ROW_COLUMNS = [
  'orders.id',
  'orders.order_number',
  'orders.display_seq',
  'orders.user_id',
  'orders.user_email',
  'profiles.first_name',
  'profiles.last_name',
  'profiles.username',
  'orders.status',
  'orders.rejection_reason',
  'orders.total_amount',
  'orders.notes',
  'orders.delivery_location',
  'orders.priority',
  'orders.created_at',
] as const;

/** Orders newest first with the requester's names; `userId` scopes them to one requester. */
export function selectOrders(
  db: Db,
  filter: { userId?: string; orderId?: string; status?: string; limit: number },
): Promise<OrderRow[]> {
  const query = db('orders')
    .leftJoin('profiles', 'profiles.user_id', 'orders.user_id')
    .select(...ORDER_ROW_COLUMNS)
    .orderBy([
      { column: 'orders.created_at', order: 'desc' },
      { column: 'orders.display_seq', order: 'desc' },
    ])
    .limit(filter.limit);
  if (filter.userId) query.where('orders.user_id', filter.userId);
  if (filter.orderId) query.where('orders.id', filter.orderId);
  if (filter.status) query.where('orders.status', filter.status);
  return query;
}

export function selectOrderLines(db: Db, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .whereIn('order_items.order_id', [...orderIds])
    .orderBy([{ column: 'order_items.order_id' }, { column: 'order_items.line_number' }])
    .select(
      'order_items.id',
      'order_items.order_id',
      'order_items.line_number',
      'order_items.product_id',
      'order_items.asin',
      'order_items.sku',
      'order_items.title',
      'products.image_url',
      'order_items.quantity',
      'order_items.unit_price',
      'order_items.total_price',
    );
}

/** Claims an idempotency key inside the submitting transaction; waits for a concurrent claim to finish. */
export async function claimIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db.raw<{ rowCount: number }>(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, key) DO NOTHING`,
    [userId, key, requestHash, now],
  );
  return result.rowCount === 1;
}

export function selectIdempotencyKey(db: Db, userId: string, key: string) {
  return db('idempotency_keys')
    .where({ user_id: userId, key })
    .first<{ request_hash: string; order_id: string | null } | undefined>();
}

export function setIdempotencyOrder(db: Db, userId: string, key: string, orderId: string) {
  return db('idempotency_keys').where({ user_id: userId, key }).update({ order_id: orderId });
}
