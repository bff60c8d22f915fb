import type { Role } from '../../contracts/roles.js';
import type { Db } from '../../database/connection.js';

export { selectCompanyTimezone } from '../fulfilment/receipts.queries.js';

/** Whether any receipt line records an expiry date (the demo's lots are added once, to a portal with none). */
export async function hasAnyDatedReceipt(db: Db): Promise<boolean> {
  return (await db('order_receipt_lines').whereNotNull('expiry_date').first('id')) !== undefined;
}

const STILL_TO_RECEIVE = `(i.quantity - coalesce((SELECT sum(l.quantity) FROM order_receipt_lines l
    JOIN order_receipts r ON r.id = l.receipt_id WHERE r.order_id = i.order_id AND l.line_number = i.line_number), 0))::int`;

export interface DemoLocationOrderLine {
  location_id: string;
  location_name: string;
  order_id: string;
  requester_id: string;
  requester_email: string;
  requester_roles: Role[];
  line_number: number;
  /** Units of the line not received yet. */
  quantity: number;
}

/**
 * Per active location (by name), the lines of the sent orders of its department's members, newest
 * order first: what the demo may mark as delivered to the location and receive in lots.
 */
export function selectDemoLocationOrderLines(db: Db): Promise<DemoLocationOrderLine[]> {
  return db('locations as loc')
    .join('orders as o', 'o.department_id', 'loc.department_id')
    .join('order_items as i', 'i.order_id', 'o.id')
    .where('loc.active', true)
    .where('o.status', 'submitted')
    .where('o.is_qa', false)
    .whereRaw(`${STILL_TO_RECEIVE} > 0`)
    .orderBy([
      { column: 'loc.name' },
      { column: 'o.created_at', order: 'desc' },
      { column: 'o.id' },
      { column: 'i.line_number' },
    ])
    .select(
      'loc.id as location_id',
      'loc.name as location_name',
      'o.id as order_id',
      'o.user_id as requester_id',
      'o.user_email as requester_email',
      db.raw(
        `array(SELECT ur.role::text FROM user_roles ur WHERE ur.user_id = o.user_id ORDER BY ur.role) AS requester_roles`,
      ),
      'i.line_number',
      db.raw(`${STILL_TO_RECEIVE} AS quantity`),
    );
}

/** The order was delivered to the ward location (the order a count's top-up becomes names it the same way). */
export async function setOrderLocation(db: Db, orderId: string, locationId: string): Promise<void> {
  await db('orders').where({ id: orderId }).whereNull('location_id').update({ location_id: locationId });
}

export interface DemoUndatedReceiptLine {
  id: string;
  location_id: string;
  location_name: string;
  order_id: string;
  quantity: number;
}

/**
 * Per active location (by name), the received lines without an expiry date of its department's
 * sent orders, newest receipt first: the demo's supplier history receives most of what was sent.
 */
export function selectDemoUndatedReceiptLines(db: Db): Promise<DemoUndatedReceiptLine[]> {
  return db('locations as loc')
    .join('orders as o', 'o.department_id', 'loc.department_id')
    .join('order_receipts as r', 'r.order_id', 'o.id')
    .join('order_receipt_lines as l', 'l.receipt_id', 'r.id')
    .where('loc.active', true)
    .where('o.status', 'submitted')
    .where('o.is_qa', false)
    .whereNull('l.expiry_date')
    .where('l.condition', 'ok')
    .orderBy([{ column: 'loc.name' }, { column: 'r.created_at', order: 'desc' }, { column: 'l.id' }])
    .select('l.id', 'loc.id as location_id', 'loc.name as location_name', 'o.id as order_id', 'l.quantity');
}

/** Records the lot and expiry date a received line's packs carried. */
export async function dateReceiptLine(db: Db, id: string, lot: { lot: string; expiry_date: string }): Promise<void> {
  await db('order_receipt_lines').where({ id }).update(lot);
}
