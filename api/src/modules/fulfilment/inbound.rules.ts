import type { OrderEventType } from '../../contracts/fulfilment.js';
import { refuse, type ConfirmationRead, type ShipNoticeRead } from './cxml-inbound/inbound-document.types.js';
import type { OrderedLine } from './fulfilment.rules.js';

/**
 * The rules of an inbound document that its DTD cannot express. Each throws an InboundRefusal
 * (400, with a text naming the problem) before anything is written.
 */
export function checkConfirmation(document: ConfirmationRead, orderNumber: string, lines: OrderedLine[]): void {
  if (document.type === 'reject' && document.items.length > 0) {
    throw refuse.badRequest(
      'A ConfirmationRequest of type "reject" rejects the whole order and carries no ConfirmationItem',
    );
  }
  if (document.operation === 'update' && !document.previousPayloadId) {
    throw refuse.badRequest(
      'A ConfirmationRequest with operation="update" names the version it replaces in ConfirmationHeader/DocumentReference',
    );
  }
  const seen = new Set<number>();
  for (const item of document.items) {
    const line = lineOf(lines, item.lineNumber, orderNumber);
    if (seen.has(item.lineNumber))
      throw refuse.badRequest(`Line ${item.lineNumber} is confirmed twice in one document`);
    seen.add(item.lineNumber);
    if (item.quantity !== line.quantity) {
      throw refuse.badRequest(
        `ConfirmationItem ${item.lineNumber} says ${item.quantity} were ordered; line ${item.lineNumber} of ${orderNumber} has ${line.quantity}`,
      );
    }
    const statusTotal = item.statuses.reduce((total, status) => total + status.quantity, 0);
    if (statusTotal !== item.quantity) {
      throw refuse.badRequest(
        `The ConfirmationStatus quantities of line ${item.lineNumber} add up to ${statusTotal}, not its quantity ${item.quantity}`,
      );
    }
    if (item.statuses.some((status) => status.type === 'requestToPay')) {
      throw refuse.badRequest(`Line ${item.lineNumber}: ConfirmationStatus type "requestToPay" is not supported`);
    }
  }
}

/**
 * Shipped quantities may not exceed what was ordered minus what earlier ship notices in force have
 * already shipped (`shippedSoFar`, without the version an update replaces).
 */
export function checkShipNoticeItems(
  items: ShipNoticeRead['portions'][number]['items'],
  orderNumber: string,
  lines: OrderedLine[],
  shippedSoFar: ReadonlyMap<number, number>,
): void {
  const inThisNotice = new Map<number, number>();
  for (const item of items) {
    const line = lineOf(lines, item.lineNumber, orderNumber);
    if (item.quantity <= 0) throw refuse.badRequest(`ShipNoticeItem ${item.lineNumber} ships no quantity`);
    const total = (inThisNotice.get(item.lineNumber) ?? 0) + item.quantity;
    inThisNotice.set(item.lineNumber, total);
    const open = line.quantity - (shippedSoFar.get(item.lineNumber) ?? 0);
    if (total > open) {
      throw refuse.badRequest(
        `Line ${item.lineNumber} of ${orderNumber}: ${total} shipped, but only ${Math.max(0, open)} of ${line.quantity} remain to ship`,
      );
    }
  }
}

function lineOf(lines: OrderedLine[], lineNumber: number, orderNumber: string): OrderedLine {
  const line = lines.find((candidate) => candidate.line_number === lineNumber);
  if (!line) throw refuse.badRequest(`lineNumber ${lineNumber} is not a line of ${orderNumber}`);
  return line;
}

const CARRIER_TRACKING: { pattern: RegExp; url: (number: string) => string }[] = [
  { pattern: /^ups\b|united parcel/i, url: (number) => `https://www.ups.com/track?tracknum=${number}` },
  { pattern: /^fedex|federal express/i, url: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}` },
  {
    pattern: /^usps\b|postal service/i,
    url: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  },
  { pattern: /^dhl\b/i, url: (number) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${number}` },
];

/** The supplier's trackingURL when it is a web address, else the carrier's known tracking page. */
export function trackingLinkFor(
  carrier: string | null,
  trackingNumber: string | null,
  supplierUrl: string | null,
): string | null {
  if (supplierUrl && /^https?:\/\/[^\s]+$/i.test(supplierUrl)) return supplierUrl;
  if (!carrier || !trackingNumber) return null;
  const known = CARRIER_TRACKING.find((entry) => entry.pattern.test(carrier.trim()));
  return known ? known.url(encodeURIComponent(trackingNumber.trim())) : null;
}

export interface TimelineEntry {
  type: OrderEventType;
  details: Record<string, unknown>;
}

/** What a confirmation tells the requester, as timeline events (confirmed, backordered, rejected). */
export function confirmationEvents(document: ConfirmationRead, lines: OrderedLine[]): TimelineEntry[] {
  const events: TimelineEntry[] = [];
  if (document.operation === 'update')
    events.push({ type: 'confirmation_updated', details: { confirm_id: document.confirmId } });
  if (document.items.length === 0) {
    if (document.type === 'reject')
      events.push({ type: 'rejected_by_supplier', details: { reason: document.comments } });
    else if (document.type === 'accept')
      events.push({ type: 'confirmed', details: { lines: lines.map((line) => line.line_number) } });
    return events;
  }
  const portions = (types: string[]) =>
    document.items.flatMap((item) =>
      item.statuses
        .filter((status) => types.includes(status.type))
        .map((status) => ({
          line_number: item.lineNumber,
          quantity: status.quantity,
          delivery_date: status.deliveryDate?.toISOString() ?? null,
          reason: status.comments,
        })),
    );
  const confirmed = portions(['accept', 'allDetail', 'detail']);
  const backordered = portions(['backordered']);
  const rejected = portions(['reject']);
  if (confirmed.length > 0) events.push({ type: 'confirmed', details: { lines: confirmed } });
  if (backordered.length > 0) events.push({ type: 'backordered', details: { lines: backordered } });
  if (rejected.length > 0) events.push({ type: 'rejected_by_supplier', details: { lines: rejected } });
  return events;
}
