import type { Db } from '../../../database/connection.js';
import { refuse, type ShipNoticeRead } from '../cxml-inbound/inbound-document.types.js';
import * as queries from '../inbound.queries.js';
import { checkShipNoticeItems, trackingLinkFor } from '../inbound.rules.js';
import { recordEvents, resolveOrder, type ApplyContext } from './apply-context.js';
import { refuseQuantityBreach } from './order-quantities.js';

type ShipmentInForce = Awaited<ReturnType<typeof queries.selectCurrentShipmentsByPayload>>[number];

/** A ShipNoticeRequest: a new shipment, an update replacing one in force, or its withdrawal. */
export async function applyShipNotice(trx: Db, document: ShipNoticeRead, context: ApplyContext): Promise<string[]> {
  if (!document.shipmentId) throw refuse.badRequest('ShipNoticeHeader has no shipmentID');
  const previous = document.operation === 'new' ? [] : await shipmentsItChanges(trx, document);
  if (document.operation === 'delete') return withdrawShipment(trx, document, previous, context);
  if (document.portions.length === 0)
    throw refuse.badRequest('A ship notice names at least one order in a ShipNoticePortion');
  const trackingUrl = trackingLinkFor(document.carrier, document.trackingNumber, document.trackingUrl);
  const orderIds: string[] = [];
  for (const portion of document.portions) {
    const order = await resolveOrder(trx, portion.orderReference, context);
    if (orderIds.includes(order.id)) throw refuse.badRequest(`${order.order_number} appears in two ShipNoticePortions`);
    const lines = await queries.selectOrderLines(trx, order.id);
    const replacedHere = new Set(
      previous.filter((shipment) => shipment.order_id === order.id).map((shipment) => shipment.id),
    );
    const current = await queries.selectCurrentShipments(trx, order.id);
    const inForce = current.filter((shipment) => !replacedHere.has(shipment.id));
    if (document.operation === 'new' && inForce.some((shipment) => shipment.shipment_id === document.shipmentId)) {
      throw refuse.badRequest(
        `Shipment ${document.shipmentId} was already announced; send operation="update" to change it`,
      );
    }
    const shippedSoFar = new Map<number, number>();
    for (const line of inForce.flatMap((shipment) => shipment.lines)) {
      shippedSoFar.set(line.line_number, (shippedSoFar.get(line.line_number) ?? 0) + line.quantity);
    }
    checkShipNoticeItems(portion.items, order.order_number, lines, shippedSoFar);
    const shipmentLines = portion.items.map((item) => ({
      line_number: item.lineNumber,
      quantity: item.quantity,
      lot: item.lot,
      expiry_date: item.expiryDate,
    }));
    // Nothing ships of what the supplier's own confirmations in force rejected.
    await refuseQuantityBreach(
      trx,
      order,
      lines,
      {
        shipments: {
          inForce: current,
          after: [...inForce, { delivery_date: document.deliveryDate, lines: shipmentLines }],
        },
      },
      ['shipped'],
    );
    const shipmentRef = await queries.insertShipment(trx, {
      order_id: order.id,
      inbound_document_id: context.documentId,
      payload_id: context.payloadId,
      shipment_id: document.shipmentId,
      operation: document.operation,
      carrier: document.carrier,
      tracking_number: document.trackingNumber,
      tracking_url: trackingUrl,
      shipment_date: document.shipmentDate,
      delivery_date: document.deliveryDate,
      lines: shipmentLines,
    });
    if (replacedHere.size > 0) await queries.markShipmentsReplaced(trx, [...replacedHere], shipmentRef, null);
    await recordEvents(
      trx,
      order,
      [
        {
          type: document.operation === 'update' ? 'shipment_updated' : 'shipped',
          details: {
            shipment_id: document.shipmentId,
            carrier: document.carrier,
            tracking_number: document.trackingNumber,
            tracking_url: trackingUrl,
            delivery_date: document.deliveryDate?.toISOString() ?? null,
            lines: portion.items.map((item) => ({ line_number: item.lineNumber, quantity: item.quantity })),
          },
        },
      ],
      context,
    );
    orderIds.push(order.id);
  }
  return orderIds;
}

/** The notices in force that an update or delete names (DocumentReference), all of the same shipment. */
async function shipmentsItChanges(trx: Db, document: ShipNoticeRead): Promise<ShipmentInForce[]> {
  if (!document.previousPayloadId) {
    throw refuse.badRequest(
      `A ShipNoticeRequest with operation="${document.operation}" names the notice it changes in ShipNoticeHeader/DocumentReference`,
    );
  }
  const previous = await queries.selectCurrentShipmentsByPayload(trx, document.previousPayloadId);
  if (previous.length === 0 || previous.some((shipment) => shipment.shipment_id !== document.shipmentId)) {
    throw refuse.badRequest(
      `operation="${document.operation}" names payloadID ${document.previousPayloadId}, which is no ship notice in force for shipment ${document.shipmentId}`,
    );
  }
  return previous;
}

async function withdrawShipment(
  trx: Db,
  document: ShipNoticeRead,
  previous: ShipmentInForce[],
  context: ApplyContext,
): Promise<string[]> {
  await queries.markShipmentsReplaced(
    trx,
    previous.map((shipment) => shipment.id),
    null,
    context.now,
  );
  const orderIds = [...new Set(previous.map((shipment) => shipment.order_id))];
  for (const orderId of orderIds) {
    await recordEvents(
      trx,
      orderId,
      [{ type: 'shipment_withdrawn', details: { shipment_id: document.shipmentId } }],
      context,
    );
  }
  return orderIds;
}
