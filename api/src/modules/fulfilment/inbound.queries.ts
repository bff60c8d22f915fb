import type { Db } from '../../database/connection.js';
import * as batch from './fulfilment.queries.js';
import type { ConfirmationRow, OrderLineForFulfilment, ShipmentRow } from './fulfilment.queries.js';

export type { ConfirmationRow, OrderLineForFulfilment, ShipmentRow } from './fulfilment.queries.js';

export interface InboundCredentialsRow {
  inbound_identity: string | null;
  inbound_shared_secret_encrypted: string | null;
}

export function selectInboundCredentials(db: Db): Promise<InboundCredentialsRow | undefined> {
  return db('punchout_settings').where({ id: 1 }).first('inbound_identity', 'inbound_shared_secret_encrypted');
}

export interface InboundLogRow {
  payload_id: string | null;
  document_hash: string | null;
  document_type: string | null;
  order_id: string | null;
  status_code: number;
  status_text: string;
  message: string | null;
  duration_ms: number;
  raw_document: string | null;
  source_address: string | null;
  is_applied: boolean;
}

export async function insertInboundDocument(db: Db, row: InboundLogRow): Promise<string> {
  const [inserted] = await db('inbound_documents').insert(row).returning<{ id: string }[]>('id');
  return inserted!.id;
}

export function selectAppliedDocument(db: Db, payloadId: string) {
  return db('inbound_documents')
    .where({ payload_id: payloadId, is_applied: true })
    .first<{ document_hash: string; status_code: number; status_text: string; message: string | null } | undefined>(
      'document_hash',
      'status_code',
      'status_text',
      'message',
    );
}

/** Serialises every writer of one payloadID for the rest of the transaction. */
export async function lockPayloadId(db: Db, payloadId: string): Promise<void> {
  await db.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 17))', [`cxml-inbound:${payloadId}`]);
}

export interface InboundOrderRow {
  id: string;
  order_number: string;
  payload_id: string | null;
  status: string;
  user_id: string;
  user_email: string;
}

/**
 * The orders an OrderReference names — by our order number, by the payloadID of the OrderRequest
 * we sent, or both (then they may be two different orders) — locked for the rest of the transaction
 * (one writer per order), in one statement.
 */
export function selectReferencedOrdersForUpdate(
  db: Db,
  by: { orderNumber: string | null; payloadId: string | null },
): Promise<InboundOrderRow[]> {
  if (by.orderNumber === null && by.payloadId === null) return Promise.resolve([]);
  return db('orders')
    .where((where) => {
      if (by.orderNumber !== null) where.orWhere({ order_number: by.orderNumber });
      if (by.payloadId !== null) where.orWhere({ payload_id: by.payloadId });
    })
    .orderBy('id')
    .forUpdate()
    .select('id', 'order_number', 'payload_id', 'status', 'user_id', 'user_email');
}

export async function selectOrderLines(db: Db, orderId: string): Promise<OrderLineForFulfilment[]> {
  return (await batch.selectOrderLinesOf(db, [orderId])).map(({ order_id: _orderId, ...line }) => line);
}

/** The confirmations in force (not replaced by an update), oldest first, with their lines. */
export function selectCurrentConfirmations(db: Db, orderId: string): Promise<ConfirmationRow[]> {
  return batch.selectCurrentConfirmationsOf(db, [orderId]);
}

/** Ship notices in force (neither replaced nor withdrawn), oldest first, with their lines. */
export function selectCurrentShipments(db: Db, orderId: string): Promise<ShipmentRow[]> {
  return batch.selectCurrentShipmentsOf(db, [orderId]);
}

export interface ConfirmationWrite {
  order_id: string;
  inbound_document_id: string;
  payload_id: string;
  confirm_id: string | null;
  confirmation_type: string;
  operation: 'new' | 'update';
  notice_date: Date;
  comments: string | null;
  lines: Omit<ConfirmationRow['lines'][number], never>[];
}

export async function insertConfirmation(db: Db, write: ConfirmationWrite): Promise<string> {
  const { lines, ...confirmation } = write;
  const [row] = await db('supplier_confirmations').insert(confirmation).returning<{ id: string }[]>('id');
  if (lines.length > 0) {
    await db('supplier_confirmation_lines').insert(lines.map((line) => ({ ...line, confirmation_id: row!.id })));
  }
  return row!.id;
}

export async function markConfirmationReplaced(db: Db, id: string, replacedById: string): Promise<void> {
  await db('supplier_confirmations').where({ id }).update({ replaced_by_id: replacedById });
}

export interface ShipmentWrite {
  order_id: string;
  inbound_document_id: string;
  payload_id: string;
  shipment_id: string;
  operation: 'new' | 'update';
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipment_date: Date | null;
  delivery_date: Date | null;
  lines: { line_number: number; quantity: number; lot: string | null; expiry_date: string | null }[];
}

export async function insertShipment(db: Db, write: ShipmentWrite): Promise<string> {
  const { lines, ...shipment } = write;
  const [row] = await db('shipments').insert(shipment).returning<{ id: string }[]>('id');
  if (lines.length > 0) await db('shipment_lines').insert(lines.map((line) => ({ ...line, shipment_ref: row!.id })));
  return row!.id;
}

export async function markShipmentsReplaced(
  db: Db,
  ids: string[],
  replacedById: string | null,
  withdrawnAt: Date | null,
) {
  await db('shipments')
    .whereIn('id', ids)
    .update({
      ...(replacedById ? { replaced_by_id: replacedById } : {}),
      ...(withdrawnAt ? { withdrawn_at: withdrawnAt } : {}),
    });
}

/** Current ship notices of one payloadID (a notice may span several orders). */
export function selectCurrentShipmentsByPayload(db: Db, payloadId: string) {
  return db('shipments')
    .where({ payload_id: payloadId })
    .whereNull('replaced_by_id')
    .whereNull('withdrawn_at')
    .select<{ id: string; order_id: string; shipment_id: string }[]>(
      db.raw('id::text AS id'),
      'order_id',
      'shipment_id',
    );
}

export interface OrderEventWrite {
  order_id: string;
  event_type: string;
  actor_user_id: string | null;
  actor_label: string;
  occurred_at: Date;
  details: Record<string, unknown>;
}

export async function insertOrderEvents(db: Db, events: OrderEventWrite[]): Promise<void> {
  if (events.length === 0) return;
  await db('order_events').insert(events.map((event) => ({ ...event, details: JSON.stringify(event.details) })));
}

export interface OrderEventRow {
  event_type: string;
  actor_label: string;
  occurred_at: Date;
  details: Record<string, unknown>;
}

export function selectOrderEvents(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db('order_events')
    .where({ order_id: orderId })
    .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
    .select('event_type', 'actor_label', 'occurred_at', 'details');
}

export function selectReceivedLines(db: Db, orderId: string): Promise<{ line_number: number; quantity: number }[]> {
  return batch.selectReceivedLinesOf(db, [orderId]);
}

export interface OrderHistoryRow {
  status: string;
  created_at: Date;
  requester_label: string;
  approved_at: Date | null;
  approval_source: string | null;
  approver_label: string | null;
  rejected_at: Date | null;
  rejecter_label: string | null;
  rejection_reason: string | null;
  submitted_at: Date | null;
  failed_at: Date | null;
}

/** The order's own milestones, the start of its timeline. */
export function selectOrderHistory(db: Db, orderId: string): Promise<OrderHistoryRow | undefined> {
  return db('orders as o')
    .leftJoin('users as a', 'a.id', 'o.approved_by')
    .leftJoin('users as r', 'r.id', 'o.rejected_by')
    .where('o.id', orderId)
    .first(
      'o.status',
      'o.created_at',
      'o.user_email as requester_label',
      'o.approved_at',
      'o.approval_source',
      'a.email as approver_label',
      'o.rejected_at',
      'r.email as rejecter_label',
      'o.rejection_reason',
      'o.submitted_at',
      'o.failed_at',
    );
}

/** Queues mails inside the caller's transaction, in one statement; they are sent once it commits. Ids in order. */
export async function insertOutboxMails(
  db: Db,
  rows: {
    to_address: string;
    subject: string;
    text_body: string;
    template: string;
    status: string;
    created_at: Date;
  }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db('email_outbox').insert(rows).returning<{ id: string }[]>('id');
  return inserted.map((row) => row.id);
}

export async function setInboundDocumentOrder(db: Db, id: string, orderId: string | null): Promise<void> {
  await db('inbound_documents').where({ id }).update({ order_id: orderId });
}

/** The supplier documents about an order, newest first (at most 100). */
export async function selectInboundDocumentsOfOrder(db: Db, orderId: string) {
  const rows: {
    payload_id: string | null;
    document_type: string | null;
    status_code: number;
    status_text: string;
    message: string | null;
    duration_ms: number | null;
    received_at: Date;
    raw_document: string | null;
  }[] = await db('inbound_documents')
    .where({ order_id: orderId })
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(100)
    .select(
      'payload_id',
      'document_type',
      'status_code',
      'status_text',
      'message',
      'duration_ms',
      'received_at',
      'raw_document',
    );
  return rows;
}

/** A page of the inbound document log (every supplier document, refused ones too), newest first, with its order's number. */
export async function selectInboundDocumentsPage(
  db: Db,
  options: { orderId?: string; order: 'asc' | 'desc'; offset: number; limit: number },
) {
  const query = db('inbound_documents as d').leftJoin('orders as o', 'o.id', 'd.order_id');
  if (options.orderId) query.where('d.order_id', options.orderId);
  const rows: {
    id: string;
    payload_id: string | null;
    document_type: string | null;
    order_id: string | null;
    order_number: string | null;
    status_code: number;
    status_text: string;
    message: string | null;
    duration_ms: number | null;
    received_at: Date;
    raw_document: string | null;
    total: number;
  }[] = await query
    .orderBy([
      { column: 'd.received_at', order: options.order },
      { column: 'd.id', order: options.order },
    ])
    .offset(options.offset)
    .limit(options.limit)
    .select(
      db.raw('d.id::text AS id'),
      'd.payload_id',
      'd.document_type',
      'd.order_id',
      'o.order_number',
      'd.status_code',
      'd.status_text',
      'd.message',
      'd.duration_ms',
      'd.received_at',
      'd.raw_document',
      db.raw('count(*) OVER ()::int AS total'),
    );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
