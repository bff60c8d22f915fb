import type { Db } from '../../database/connection.js';
import type { ConfirmationVersion, OrderedLine, ShipmentVersion } from './fulfilment.rules.js';

/*
 * What an order's fulfilment is derived from, read for many orders at once: one statement per kind
 * of row whatever the number of orders (the storefront's orders list, the receiving list). Each row
 * carries its order_id; the one-order reads of inbound.queries call these with one id.
 */

const uuidArray = (orderIds: readonly string[]) => `{${orderIds.join(',')}}`;

/** The derivation's shapes (fulfilment.rules), as the rows carry them with what the screens add. */
export type OrderLineForFulfilment = OrderedLine;

export interface ConfirmationRow extends ConfirmationVersion {
  payload_id: string;
  confirm_id: string | null;
  notice_date: Date;
}

export interface ShipmentRow extends ShipmentVersion {
  id: string;
  payload_id: string;
  shipment_id: string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipment_date: Date | null;
}

type OfOrder<Row> = Row & { order_id: string };

export function selectOrderLinesOf(db: Db, orderIds: readonly string[]): Promise<OfOrder<OrderLineForFulfilment>[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db('order_items')
    .whereRaw('order_id = ANY(CAST(? AS uuid[]))', [uuidArray(orderIds)])
    .orderBy(['order_id', 'line_number'])
    .select('order_id', 'line_number', 'asin', 'title', 'quantity', 'unit_price');
}

/** The confirmations in force (not replaced by an update), oldest first, with their lines. */
export async function selectCurrentConfirmationsOf(
  db: Db,
  orderIds: readonly string[],
): Promise<OfOrder<ConfirmationRow>[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: OfOrder<ConfirmationRow>[] }>(
    `SELECT c.order_id, c.id::text AS id, c.payload_id, c.confirm_id, c.confirmation_type, c.comments, c.notice_date,
            coalesce(jsonb_agg(jsonb_build_object(
              'line_number', l.line_number, 'status', l.status, 'quantity', l.quantity,
              'delivery_date', l.delivery_date, 'unit_price', l.unit_price::text,
              'supplier_part_id', l.supplier_part_id, 'comments', l.comments) ORDER BY l.id)
              FILTER (WHERE l.id IS NOT NULL), '[]') AS lines
       FROM supplier_confirmations c
       LEFT JOIN supplier_confirmation_lines l ON l.confirmation_id = c.id
      WHERE c.order_id = ANY(CAST(? AS uuid[])) AND c.replaced_by_id IS NULL
      GROUP BY c.id
      ORDER BY c.id`,
    [uuidArray(orderIds)],
  );
  return rows.map((row) => ({
    ...row,
    lines: row.lines.map((line) => ({
      ...line,
      delivery_date: line.delivery_date ? new Date(line.delivery_date) : null,
    })),
  }));
}

/** Ship notices in force (neither replaced nor withdrawn), oldest first, with their lines. */
export async function selectCurrentShipmentsOf(db: Db, orderIds: readonly string[]): Promise<OfOrder<ShipmentRow>[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: OfOrder<ShipmentRow>[] }>(
    `SELECT s.order_id, s.id::text AS id, s.payload_id, s.shipment_id, s.carrier, s.tracking_number, s.tracking_url,
            s.shipment_date, s.delivery_date,
            coalesce(jsonb_agg(jsonb_build_object(
              'line_number', l.line_number, 'quantity', l.quantity, 'lot', l.lot,
              'expiry_date', to_char(l.expiry_date, 'YYYY-MM-DD')) ORDER BY l.id)
              FILTER (WHERE l.id IS NOT NULL), '[]') AS lines
       FROM shipments s
       LEFT JOIN shipment_lines l ON l.shipment_ref = s.id
      WHERE s.order_id = ANY(CAST(? AS uuid[])) AND s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL
      GROUP BY s.id
      ORDER BY s.id`,
    [uuidArray(orderIds)],
  );
  return rows;
}

export function selectReceivedLinesOf(
  db: Db,
  orderIds: readonly string[],
): Promise<{ order_id: string; line_number: number; quantity: number }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db('order_receipt_lines as l')
    .join('order_receipts as r', 'r.id', 'l.receipt_id')
    .whereRaw('r.order_id = ANY(CAST(? AS uuid[]))', [uuidArray(orderIds)])
    .select('r.order_id', 'l.line_number', 'l.quantity');
}
