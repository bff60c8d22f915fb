import type {
  AdminOrderFulfilment,
  FulfilmentSummary,
  InboundDocumentLogEntry,
  OrderEvent,
  OrderEventType,
  OrderFulfilment,
} from '../../contracts/fulfilment.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../database/connection.js';
import { deriveFulfilment, summariseFulfilment } from './fulfilment.rules.js';
import * as batch from './fulfilment.queries.js';
import * as queries from './inbound.queries.js';

/**
 * An order's fulfilment as the requester and the back office see it: per-line quantities, the
 * order's fulfilment status, its shipments and one timeline. Null for an order that does not exist.
 */
export async function readOrderFulfilment(db: Db, orderId: string, now: Date): Promise<OrderFulfilment | null> {
  const [history, lines, confirmations, shipments, receipts, events] = await Promise.all([
    queries.selectOrderHistory(db, orderId),
    queries.selectOrderLines(db, orderId),
    queries.selectCurrentConfirmations(db, orderId),
    queries.selectCurrentShipments(db, orderId),
    queries.selectReceivedLines(db, orderId),
    queries.selectOrderEvents(db, orderId),
  ]);
  if (!history) return null;
  const derived = deriveFulfilment({ orderStatus: history.status, lines, confirmations, shipments, receipts, now });
  return {
    fulfilment_status: derived.fulfilment_status,
    is_closed: derived.is_closed,
    is_overdue: derived.is_overdue,
    expected_delivery_date: derived.expected_delivery_date?.toISOString() ?? null,
    lines: derived.lines.map((line) => ({ ...line, delivery_date: line.delivery_date?.toISOString() ?? null })),
    shipments: shipments.map((shipment) => ({
      shipment_id: shipment.shipment_id,
      carrier: shipment.carrier,
      tracking_number: shipment.tracking_number,
      tracking_url: shipment.tracking_url,
      shipment_date: shipment.shipment_date ? new Date(shipment.shipment_date).toISOString() : null,
      delivery_date: shipment.delivery_date ? new Date(shipment.delivery_date).toISOString() : null,
      lines: shipment.lines,
    })),
    events: timeline(history, events),
  };
}

/**
 * The fulfilment in brief of many orders at once, keyed by order id (sent orders only): four
 * statements whatever the number of orders, derived by the same rules as readOrderFulfilment.
 * `orderedLines`, when the caller reads the orders' lines anyway: the ordered lines of (at least)
 * those orders, so they are not read twice.
 */
export async function readFulfilmentSummaries(
  db: Db,
  orders: readonly { id: string; status: string }[],
  now: Date,
  orderedLines?: Promise<readonly (batch.OrderLineForFulfilment & { order_id: string })[]>,
): Promise<Map<string, FulfilmentSummary>> {
  const sent = orders.filter((order) => order.status === 'submitted').map((order) => order.id);
  const [lines, confirmations, shipments, receipts] = await Promise.all([
    orderedLines ?? batch.selectOrderLinesOf(db, sent),
    batch.selectCurrentConfirmationsOf(db, sent),
    batch.selectCurrentShipmentsOf(db, sent),
    batch.selectReceivedLinesOf(db, sent),
  ]);
  const summaries = new Map<string, FulfilmentSummary>();
  const [linesOf, confirmationsOf, shipmentsOf, receiptsOf] = [
    byOrder(lines),
    byOrder(confirmations),
    byOrder(shipments),
    byOrder(receipts),
  ];
  for (const id of sent) {
    const orderShipments = shipmentsOf(id);
    const derived = deriveFulfilment({
      orderStatus: 'submitted',
      lines: linesOf(id),
      confirmations: confirmationsOf(id),
      shipments: orderShipments,
      receipts: receiptsOf(id),
      now,
    });
    const summary = summariseFulfilment(derived, orderShipments);
    if (summary) summaries.set(id, summary);
  }
  return summaries;
}

/** Rows grouped by their order, read back per order id (none: an empty list). */
function byOrder<Row extends { order_id: string }>(rows: readonly Row[]): (orderId: string) => Row[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return (orderId) => groups.get(orderId) ?? [];
}

function timeline(history: queries.OrderHistoryRow, rows: queries.OrderEventRow[]): OrderEvent[] {
  const milestone = (type: OrderEventType, at: Date | null, actor: string, details: Record<string, unknown> = {}) =>
    at ? [{ type, actor, at: new Date(at).toISOString(), details }] : [];
  const approver = history.approval_source === 'system' ? 'System' : (history.approver_label ?? 'An administrator');
  // Each approval is an event of its own, the last one included; an order approved before approval
  // levels existed has only its approved_at.
  const hasLevelEvents = rows.some((row) => row.event_type === 'approved');
  const events: OrderEvent[] = [
    ...milestone('submitted', history.created_at, history.requester_label),
    ...(hasLevelEvents ? [] : milestone('approved', history.approved_at, approver)),
    ...milestone('rejected', history.rejected_at, history.rejecter_label ?? 'An administrator', {
      reason: history.rejection_reason,
    }),
    ...milestone('sent', history.submitted_at, 'System'),
    ...milestone('send_failed', history.failed_at, 'System'),
    ...rows.map((row) => ({
      type: row.event_type as OrderEventType,
      actor: row.actor_label,
      at: new Date(row.occurred_at).toISOString(),
      details: row.details,
    })),
  ];
  return events.sort((left, right) => left.at.localeCompare(right.at));
}

/** The back office's view: the order's fulfilment and the supplier documents about it (secrets redacted). */
export async function readAdminOrderFulfilment(ctx: ServiceContext, orderId: string): Promise<AdminOrderFulfilment> {
  const [fulfilment, documents] = await Promise.all([
    readOrderFulfilment(ctx.db, orderId, ctx.now()),
    queries.selectInboundDocumentsOfOrder(ctx.db, orderId),
  ]);
  if (!fulfilment) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  return {
    fulfilment,
    inbound_documents: documents.map((document) => ({
      ...document,
      received_at: new Date(document.received_at).toISOString(),
    })),
  };
}

/** A page of GET /api/admin/inbound-documents: the inbound log beside the outbound one (secrets were redacted when logged). */
export async function listInboundDocuments(
  ctx: ServiceContext,
  page: { filter: { order_id?: string }; sort: { order: 'asc' | 'desc' }; offset: number; limit: number },
): Promise<{ rows: InboundDocumentLogEntry[]; total: number }> {
  const { rows, total } = await queries.selectInboundDocumentsPage(ctx.db, {
    orderId: page.filter.order_id,
    order: page.sort.order,
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map((row) => ({ ...row, received_at: new Date(row.received_at).toISOString() })), total };
}
