import type {
  FulfilmentLine,
  FulfilmentStatus,
  FulfilmentSummary,
  LineReview,
  Shipment,
} from '../../contracts/fulfilment.js';

/** What the derivation needs of an order line. */
export interface OrderedLine {
  line_number: number;
  asin: string;
  title: string;
  quantity: number;
  unit_price: string;
}

export type ConfirmationLineStatus = 'accept' | 'allDetail' | 'detail' | 'backordered' | 'reject' | 'unknown';

/** A current confirmation version (replaced versions are left out by the caller), oldest first. */
export interface ConfirmationVersion {
  id: string;
  confirmation_type: string;
  comments: string | null;
  lines: {
    line_number: number;
    status: ConfirmationLineStatus;
    quantity: number;
    delivery_date: Date | null;
    unit_price: string | null;
    supplier_part_id: string | null;
    comments: string | null;
  }[];
}

/** A current ship notice (not replaced); withdrawn ones are left out by the caller. */
export interface ShipmentVersion {
  delivery_date: Date | null;
  lines: { line_number: number; quantity: number; lot: string | null; expiry_date: string | null }[];
}

export interface ReceivedLine {
  line_number: number;
  quantity: number;
}

export interface FulfilmentInput {
  orderStatus: string;
  lines: OrderedLine[];
  confirmations: ConfirmationVersion[];
  shipments: ShipmentVersion[];
  receipts: ReceivedLine[];
  now: Date;
}

export interface DerivedFulfilment {
  fulfilment_status: FulfilmentStatus | null;
  is_closed: boolean;
  is_overdue: boolean;
  expected_delivery_date: Date | null;
  lines: (Omit<FulfilmentLine, 'delivery_date'> & { delivery_date: Date | null })[];
}

const CONFIRMED: readonly ConfirmationLineStatus[] = ['accept', 'allDetail', 'detail'];
/** Header types that speak for every line when they carry no items. */
const WHOLE_ORDER_TYPES = new Set(['accept', 'reject']);

/**
 * Fulfilment per line and per order, from line quantities alone. A line's confirmation is the
 * newest confirmation that mentions it (or a whole-order accept/reject without items); what was
 * shipped and received adds up over the current ship notices and the receipts.
 */
export function deriveFulfilment(input: FulfilmentInput): DerivedFulfilment {
  const lines = input.lines.map((line) => deriveLine(line, input));
  const status = input.orderStatus === 'submitted' ? orderFulfilmentStatus(lines) : null;
  const expected = expectedDeliveryDate(input, lines);
  const isClosed = status === 'received';
  return {
    fulfilment_status: status,
    is_closed: isClosed,
    is_overdue: status !== null && !isClosed && expected !== null && expected.getTime() < input.now.getTime(),
    expected_delivery_date: expected,
    lines,
  };
}

function deriveLine(line: OrderedLine, input: FulfilmentInput): DerivedFulfilment['lines'][number] {
  const confirmation = [...input.confirmations]
    .reverse()
    .find(
      (version) =>
        version.lines.some((entry) => entry.line_number === line.line_number) ||
        (version.lines.length === 0 && WHOLE_ORDER_TYPES.has(version.confirmation_type)),
    );
  let confirmed = 0;
  let backordered = 0;
  let rejected = 0;
  let deliveryDate: Date | null = null;
  let rejectionReason: string | null = null;
  let review: LineReview | null = null;
  if (confirmation && confirmation.lines.length === 0) {
    if (confirmation.confirmation_type === 'accept') confirmed = line.quantity;
    else {
      rejected = line.quantity;
      rejectionReason = confirmation.comments;
    }
  }
  for (const entry of confirmation?.lines.filter((candidate) => candidate.line_number === line.line_number) ?? []) {
    if (CONFIRMED.includes(entry.status)) confirmed += entry.quantity;
    if (entry.status === 'backordered') backordered += entry.quantity;
    if (entry.status === 'reject') {
      rejected += entry.quantity;
      rejectionReason = entry.comments ?? rejectionReason;
    }
    if (entry.delivery_date && (!deliveryDate || entry.delivery_date > deliveryDate))
      deliveryDate = entry.delivery_date;
    review ??= reviewOf(line, entry);
  }
  const shipmentLines = input.shipments.flatMap((shipment) =>
    shipment.lines.filter((entry) => entry.line_number === line.line_number),
  );
  return {
    line_number: line.line_number,
    asin: line.asin,
    title: line.title,
    ordered: line.quantity,
    confirmed_quantity: confirmed,
    backordered_quantity: backordered,
    delivery_date: deliveryDate,
    rejected_quantity: rejected,
    rejection_reason: rejectionReason,
    shipped_quantity: sum(shipmentLines.map((entry) => entry.quantity)),
    received_quantity: sum(
      input.receipts.filter((entry) => entry.line_number === line.line_number).map((entry) => entry.quantity),
    ),
    needs_review: review,
    lots: shipmentLines
      .filter((entry) => entry.lot !== null || entry.expiry_date !== null)
      .map((entry) => ({ lot: entry.lot, expiry_date: entry.expiry_date })),
  };
}

/** A detail confirmation that changes the price or the part is flagged, with the old and new figures. */
function reviewOf(line: OrderedLine, entry: ConfirmationVersion['lines'][number]): LineReview | null {
  if (entry.status !== 'detail' && entry.status !== 'allDetail') return null;
  const isPriceChanged = entry.unit_price !== null && Number(entry.unit_price) !== Number(line.unit_price);
  const isSubstituted = entry.supplier_part_id !== null && entry.supplier_part_id !== line.asin;
  if (!isPriceChanged && !isSubstituted) return null;
  return {
    old_unit_price: line.unit_price,
    new_unit_price: isPriceChanged ? entry.unit_price : null,
    old_supplier_part_id: line.asin,
    new_supplier_part_id: isSubstituted ? entry.supplier_part_id : null,
  };
}

function orderFulfilmentStatus(lines: DerivedFulfilment['lines']): FulfilmentStatus {
  const open = (line: DerivedFulfilment['lines'][number]) => line.ordered - line.rejected_quantity;
  const isCovered = (line: DerivedFulfilment['lines'][number]) =>
    line.confirmed_quantity + line.backordered_quantity + line.rejected_quantity > 0;
  const anyConfirmation = lines.some(isCovered);
  if (anyConfirmation && lines.every((line) => open(line) <= 0)) return 'rejected_by_supplier';
  if (lines.some((line) => line.received_quantity > 0)) {
    return lines.every((line) => line.received_quantity >= open(line)) ? 'received' : 'partially_received';
  }
  if (lines.some((line) => line.shipped_quantity > 0)) {
    return lines.every((line) => line.shipped_quantity >= open(line)) ? 'shipped' : 'partially_shipped';
  }
  if (!anyConfirmation) return 'awaiting_confirmation';
  if (lines.some((line) => line.backordered_quantity > 0)) return 'backordered';
  const isFullyConfirmed = lines.every(
    (line) => line.rejected_quantity === 0 && line.confirmed_quantity >= line.ordered,
  );
  return isFullyConfirmed ? 'confirmed' : 'partially_confirmed';
}

/** The latest date a current ship notice gives, else the latest a confirmation gives. */
function expectedDeliveryDate(input: FulfilmentInput, lines: DerivedFulfilment['lines']): Date | null {
  const shipped = latest(input.shipments.map((shipment) => shipment.delivery_date));
  return shipped ?? latest(lines.map((line) => line.delivery_date));
}

/**
 * A sent order's fulfilment in brief (the orders list's progress line); null for an order not sent.
 * What remains to be received per line is ordered minus rejected by the supplier minus received.
 */
export function summariseFulfilment(
  derived: DerivedFulfilment,
  shipments: readonly Pick<Shipment, 'shipment_id' | 'carrier' | 'tracking_number' | 'tracking_url'>[],
): FulfilmentSummary | null {
  if (derived.fulfilment_status === null) return null;
  return {
    fulfilment_status: derived.fulfilment_status,
    is_closed: derived.is_closed,
    is_overdue: derived.is_overdue,
    expected_delivery_date: derived.expected_delivery_date?.toISOString() ?? null,
    tracking: shipments.map(({ shipment_id, carrier, tracking_number, tracking_url }) => ({
      shipment_id,
      carrier,
      tracking_number,
      tracking_url,
    })),
    backorders: derived.lines
      .filter((line) => line.backordered_quantity > 0)
      .map((line) => ({
        line_number: line.line_number,
        quantity: line.backordered_quantity,
        delivery_date: line.delivery_date?.toISOString() ?? null,
        outstanding: Math.min(line.backordered_quantity, remainingOf(line)),
      })),
    rejections: derived.lines
      .filter((line) => line.rejected_quantity > 0)
      .map((line) => ({
        line_number: line.line_number,
        quantity: line.rejected_quantity,
        reason: line.rejection_reason,
      })),
    to_receive: derived.lines.map(toReceiveOf).filter((line) => line.quantity > 0),
  };
}

type DerivedLine = Pick<
  DerivedFulfilment['lines'][number],
  'line_number' | 'ordered' | 'rejected_quantity' | 'received_quantity' | 'shipped_quantity' | 'backordered_quantity'
>;

/** What remains to be received of a line: ordered minus rejected by the supplier minus received. */
function remainingOf(line: DerivedLine): number {
  return Math.max(0, line.ordered - line.rejected_quantity - line.received_quantity);
}

/**
 * A line's remainder split by the ship notices: what was shipped and not yet received, and what
 * no ship notice has shipped yet (of which the supplier backordered `backordered`).
 */
export function toReceiveOf(line: DerivedLine): FulfilmentSummary['to_receive'][number] {
  const quantity = remainingOf(line);
  const shipped = Math.min(quantity, Math.max(0, line.shipped_quantity - line.received_quantity));
  const notShipped = quantity - shipped;
  return {
    line_number: line.line_number,
    quantity,
    not_shipped: notShipped,
    backordered: Math.min(notShipped, line.backordered_quantity),
  };
}

function latest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((best, date) => (date && (!best || date > best) ? date : best), null);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
