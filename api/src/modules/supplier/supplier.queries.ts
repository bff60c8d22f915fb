import type { Db } from '../../database/connection.js';

export interface ClaimableOrder {
  id: string;
  order_number: string;
  status: string;
  user_id: string;
  user_email: string;
  total_amount: string;
  created_at: Date;
  payload_id: string | null;
  submission_started_at: Date | null;
  submission_attempts: number;
}

export function lockOrder(db: Db, orderId: string): Promise<ClaimableOrder | undefined> {
  return db('orders')
    .where({ id: orderId })
    .forUpdate()
    .first(
      'id',
      'order_number',
      'status',
      'user_id',
      'user_email',
      'total_amount',
      'created_at',
      'payload_id',
      'submission_started_at',
      'submission_attempts',
    );
}

export interface RequesterAddress {
  full_name: string;
  street_line1: string;
  street_line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string | null;
}

export function selectRequesterAddress(db: Db, userId: string): Promise<RequesterAddress | undefined> {
  return db('shipping_addresses')
    .where({ user_id: userId })
    .first('full_name', 'street_line1', 'street_line2', 'city', 'state', 'postal_code', 'country', 'phone');
}

export function selectRequesterName(db: Db, userId: string) {
  return db('profiles')
    .where({ user_id: userId })
    .first<{ first_name: string | null; last_name: string | null; username: string | null } | undefined>(
      'first_name',
      'last_name',
      'username',
    );
}

export interface SubmissionLine {
  line_number: number;
  quantity: number;
  asin: string;
  title: string;
  unit_price: string;
  unspsc: string | null;
}

export function selectSubmissionLines(db: Db, orderId: string): Promise<SubmissionLine[]> {
  return db('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .where('order_items.order_id', orderId)
    .orderBy('order_items.line_number')
    .select(
      'order_items.line_number',
      'order_items.quantity',
      'order_items.asin',
      'order_items.title',
      'order_items.unit_price',
      'products.unspsc',
    );
}

export async function insertAbLog(db: Db, row: Record<string, unknown>): Promise<string> {
  const [inserted] = await db('ab_logs').insert(row).returning<{ id: string }[]>('id');
  if (!inserted) throw new Error('insert into ab_logs returned nothing');
  return inserted.id;
}

export function updateAbLog(db: Db, id: string, changes: Record<string, unknown>) {
  return db('ab_logs').where({ id }).update(changes);
}

/** Orders whose submission started and never finished (the process died in between). */
export function selectOrdersLeftInFlight(db: Db, startedBefore: Date): Promise<{ id: string }[]> {
  return db('orders')
    .whereIn('status', ['approved', 'failed'])
    .whereNotNull('submission_started_at')
    .where('submission_started_at', '<', startedBefore)
    .orderBy('submission_started_at')
    .limit(50)
    .select('id');
}

export function selectLatestAbLogs(db: Db, limit: number) {
  return db('ab_logs')
    .leftJoin('orders', 'orders.id', 'ab_logs.order_id')
    .orderBy('ab_logs.created_at', 'desc')
    .limit(limit)
    .select(
      'ab_logs.id',
      'ab_logs.order_id',
      'orders.order_number',
      'ab_logs.action',
      'ab_logs.status',
      'ab_logs.http_status',
      'ab_logs.test_mode',
      'ab_logs.created_at',
      'ab_logs.error',
      'ab_logs.request_xml',
      'ab_logs.response_body',
      'ab_logs.request_summary',
      'ab_logs.payload_id',
      'ab_logs.target_url',
    );
}
