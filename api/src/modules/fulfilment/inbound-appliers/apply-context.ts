import type { ServiceContext } from '../../../context.js';
import type { Db } from '../../../database/connection.js';
import { outboxRow, type OutgoingMail } from '../../mail/mail.service.js';
import { refuse, type OrderReferenceRead } from '../cxml-inbound/inbound-document.types.js';
import { fulfilmentMail, type OrderedLineName } from '../fulfilment-mail.rules.js';
import * as queries from '../inbound.queries.js';
import type { TimelineEntry } from '../inbound.rules.js';

const SUPPLIER_LABEL = 'Supplier';

/** What every applier is given: the document's identity, the clock, and where to queue after-commit work. */
export interface ApplyContext {
  payloadId: string;
  documentId: string;
  now: Date;
  service: ServiceContext;
  /** Mails queued in the transaction, sent once it commits. */
  mails: { id: string; mail: OutgoingMail }[];
  /** Invoice status updates queued in the transaction, sent to the supplier once it commits. */
  statusUpdates: string[];
  /** The authenticated supplier (Sender identity): invoiceIDs are unique per supplier. */
  senderIdentity: string;
  /** Each order the document names, as soon as it is found: a refused document is logged against it too. */
  noteOrder: (orderId: string) => void;
}

/**
 * The order a reference names: OrderReference@orderID (our order number) and the payloadID of the
 * OrderRequest we sent each identify it; when both are given they must agree. Locked for the rest
 * of the transaction. Only an order that was sent to the supplier can be confirmed or shipped.
 */
export async function resolveOrder(
  trx: Db,
  reference: OrderReferenceRead,
  context: Pick<ApplyContext, 'noteOrder'>,
): Promise<queries.InboundOrderRow> {
  const found = await queries.selectReferencedOrdersForUpdate(trx, {
    orderNumber: reference.orderId,
    payloadId: reference.payloadId,
  });
  const byNumber = reference.orderId ? found.find((order) => order.order_number === reference.orderId) : undefined;
  const byPayload = reference.payloadId ? found.find((order) => order.payload_id === reference.payloadId) : undefined;
  if (reference.orderId && reference.payloadId && byNumber?.id !== byPayload?.id && (byNumber || byPayload)) {
    throw refuse.badRequest(
      `OrderReference orderID ${reference.orderId} and DocumentReference payloadID ${reference.payloadId} do not name the same order`,
    );
  }
  const order = byNumber ?? byPayload;
  if (!order) {
    throw refuse.badRequest(
      `No order of ours has ${[
        reference.orderId && `orderID ${reference.orderId}`,
        reference.payloadId && `payloadID ${reference.payloadId}`,
      ]
        .filter(Boolean)
        .join(' or ')}`,
    );
  }
  context.noteOrder(order.id);
  if (order.status !== 'submitted') {
    throw refuse.conflict(`${order.order_number} has not been sent to the supplier (status: ${order.status})`);
  }
  return order;
}

/** Writes the supplier's events on the order's timeline and queues the requester's mails about them. */
export async function recordEvents(
  trx: Db,
  order: Pick<queries.InboundOrderRow, 'id' | 'order_number' | 'user_email'> | string,
  events: TimelineEntry[],
  context: ApplyContext,
  orderedLines: readonly OrderedLineName[] = [],
): Promise<void> {
  const orderId = typeof order === 'string' ? order : order.id;
  await queries.insertOrderEvents(
    trx,
    events.map((event) => ({
      order_id: orderId,
      event_type: event.type,
      actor_user_id: null,
      actor_label: SUPPLIER_LABEL,
      occurred_at: context.now,
      details: event.details,
    })),
  );
  if (typeof order === 'string') return;
  const mails = events.flatMap(
    (event) => fulfilmentMail(order, event, context.service.config.publicUrl, orderedLines) ?? [],
  );
  const ids = await queries.insertOutboxMails(
    trx,
    mails.map((mail) => outboxRow(context.service, mail)),
  );
  mails.forEach((mail, index) => context.mails.push({ id: ids[index]!, mail }));
}
