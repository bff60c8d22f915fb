import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { parseCxmlDocument, pathElement } from '../supplier/cxml/cxml-safe-parser.js';
import { CxmlParseError } from '../supplier/cxml/cxml.types.js';
import { deliverQueuedMail, outboxRow, type OutgoingMail } from '../mail/mail.service.js';
import { fulfilmentMail } from './fulfilment-mail.rules.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import type { Throttles } from '../throttles/throttles.js';
import { addressKey } from '../throttles/throttle-rules.js';
import { readEnvelope, readInboundDocument } from './cxml-inbound/inbound-document.reader.js';
import { readInvoiceDetail } from './cxml-inbound/invoice-document.reader.js';
import { assertInvoiceStructure } from './cxml-inbound/invoice-structure.js';
import { recordInboundInvoice, sendInvoiceStatusUpdate } from '../invoices/invoices.service.js';
import {
  INBOUND_REQUEST_TYPES,
  InboundRefusal,
  refuse,
  type ConfirmationRead,
  type DtdRequestType,
  type InboundDocumentRead,
  type InvoiceDetailRead,
  type OrderReferenceRead,
  type ShipNoticeRead,
  type StatusUpdateRead,
} from './cxml-inbound/inbound-document.types.js';
import { assertValidAgainstDtd } from './cxml-inbound/inbound-dtd.js';
import * as queries from './inbound.queries.js';
import {
  checkConfirmation,
  checkShipNoticeItems,
  confirmationEvents,
  trackingLinkFor,
  type TimelineEntry,
} from './inbound.rules.js';

/** The cXML Status an inbound document is answered with; the HTTP status mirrors its code. */
export interface InboundAnswer {
  code: number;
  text: string;
  message: string;
}

export const MAX_INBOUND_BYTES = 1_000_000;
const SUPPLIER_LABEL = 'Supplier';

const answer = (code: number, text: string, message: string): InboundAnswer => ({ code, text, message });

/** The log entry as it fills up while the document is read; the outcome is added at the end. */
type InboundLogDraft = Omit<queries.InboundLogRow, 'status_code' | 'status_text' | 'message' | 'duration_ms'>;

export interface InboundMeta {
  sourceAddress: string | undefined;
  contentType: string | undefined;
}

/**
 * Receives one document a supplier sends back (ConfirmationRequest, ShipNoticeRequest,
 * StatusUpdateRequest): checks size, credentials (constant time, throttled per source), the DTD and
 * the rules the DTD cannot express, then applies it in one transaction, exactly once per payloadID.
 * Every document is logged beside the outbound submission log, the shared secret redacted.
 */
export async function receiveInboundDocument(
  ctx: ServiceContext,
  throttles: Throttles,
  raw: string,
  meta: InboundMeta,
): Promise<InboundAnswer> {
  const started = performance.now();
  const log: InboundLogDraft = {
    payload_id: null,
    document_hash: null,
    document_type: null,
    order_id: null,
    raw_document: null,
    source_address: meta.sourceAddress ?? null,
    is_applied: false,
  };
  let result: InboundAnswer;
  try {
    result = await receive(ctx, throttles, raw, meta, log);
  } catch (error) {
    if (error instanceof InboundRefusal) result = answer(error.code, error.text, error.message);
    else if (error instanceof AppError && error.status === 429)
      result = answer(429, 'Too Many Requests', error.message);
    else {
      ctx.log.error({ err: error }, 'inbound cXML document failed');
      result = answer(500, 'Internal Server Error', 'The document could not be processed; send it again later');
    }
  }
  if (!log.is_applied) {
    await queries
      .insertInboundDocument(ctx.db, {
        ...log,
        ...logStatus(result),
        duration_ms: Math.round(performance.now() - started),
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'inbound cXML log entry not written'));
  }
  return result;
}

function logStatus(result: InboundAnswer) {
  return { status_code: result.code, status_text: result.text, message: result.message.slice(0, 1000) };
}

async function receive(
  ctx: ServiceContext,
  throttles: Throttles,
  raw: string,
  meta: InboundMeta,
  log: InboundLogDraft,
): Promise<InboundAnswer> {
  if (Buffer.byteLength(raw, 'utf8') > MAX_INBOUND_BYTES) {
    return answer(413, 'Request Entity Too Large', `A cXML document is at most ${MAX_INBOUND_BYTES} bytes`);
  }
  if (!isXmlContentType(meta.contentType)) {
    return answer(415, 'Unsupported Media Type', 'Send the document as text/xml or application/xml');
  }
  let root;
  try {
    root = parseCxmlDocument(raw);
  } catch (error) {
    if (error instanceof CxmlParseError) throw refuse.badRequest(`Not a readable cXML document: ${error.message}`);
    throw error;
  }
  const envelope = readEnvelope(root);
  log.payload_id = envelope.payloadId.slice(0, 500) || null;
  log.document_type = envelope.requestType?.slice(0, 100) ?? null;

  if (!(await isAuthenticWithinLimits(ctx, throttles, addressKey(meta.sourceAddress), envelope))) {
    return answer(401, 'Unauthorized', 'Unknown sender identity or wrong shared secret');
  }
  log.raw_document = redactSecrets(raw);

  const requestType = envelope.requestType;
  if (!requestType || !(requestType in INBOUND_REQUEST_TYPES)) {
    return answer(
      406,
      'Not Acceptable',
      `${requestType ?? 'This request'} is not accepted here: send ConfirmationRequest, ShipNoticeRequest, StatusUpdateRequest or InvoiceDetailRequest`,
    );
  }
  if (!envelope.payloadId) throw refuse.badRequest('The cXML element has no payloadID');
  let document: InboundDocumentRead;
  if (requestType === 'InvoiceDetailRequest') {
    const request = pathElement(root, 'Request', requestType);
    assertInvoiceStructure(request);
    document = readInvoiceDetail(request);
  } else {
    assertValidAgainstDtd(raw, requestType as DtdRequestType);
    document = readInboundDocument(root, requestType);
  }
  const documentHash = createHash('sha256').update(raw).digest('hex');

  const mails: ApplyContext['mails'] = [];
  const statusUpdates: string[] = [];
  const result = await ctx.db.transaction(async (trx) => {
    await queries.lockPayloadId(trx, envelope.payloadId);
    const earlier = await queries.selectAppliedDocument(trx, envelope.payloadId);
    if (earlier) {
      if (earlier.document_hash !== documentHash) {
        throw refuse.conflict(`payloadID ${envelope.payloadId} was already used for a different document`);
      }
      return answer(earlier.status_code, earlier.status_text, earlier.message ?? 'Already applied');
    }
    const now = ctx.now();
    const applied = answer(200, 'OK', appliedMessage(document));
    const documentId = await queries.insertInboundDocument(trx, {
      ...log,
      document_hash: documentHash,
      is_applied: true,
      ...logStatus(applied),
      duration_ms: 0,
    });
    const context: ApplyContext = {
      payloadId: envelope.payloadId,
      documentId,
      now,
      service: ctx,
      mails,
      statusUpdates,
      senderIdentity: envelope.senderIdentity ?? '',
      noteOrder: (orderId) => {
        log.order_id ??= orderId;
      },
    };
    const orderIds = await apply(trx, document, context);
    await queries.setInboundDocumentOrder(trx, documentId, orderIds[0] ?? null);
    log.is_applied = true;
    return applied;
  });
  for (const id of statusUpdates) await sendInvoiceStatusUpdate(ctx, id);
  for (const { id, mail } of mails) {
    await deliverQueuedMail(ctx, id, mail).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'fulfilment mail left for the outbox job'),
    );
  }
  return result;
}

function appliedMessage(document: InboundDocumentRead): string {
  if (document.kind === 'ConfirmationRequest') return 'Confirmation applied';
  if (document.kind === 'ShipNoticeRequest') {
    return document.operation === 'delete' ? 'Ship notice withdrawn' : 'Ship notice applied';
  }
  if (document.kind === 'InvoiceDetailRequest') return 'Invoice received';
  return 'Status update recorded';
}

interface ApplyContext {
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

/** Applies a checked document; returns the orders it touched. */
async function apply(trx: Db, document: InboundDocumentRead, context: ApplyContext): Promise<string[]> {
  if (document.kind === 'ConfirmationRequest') return [await applyConfirmation(trx, document, context)];
  if (document.kind === 'ShipNoticeRequest') return applyShipNotice(trx, document, context);
  if (document.kind === 'InvoiceDetailRequest') return [await applyInvoice(trx, document, context)];
  return [await applyStatusUpdate(trx, document, context)];
}

async function applyConfirmation(trx: Db, document: ConfirmationRead, context: ApplyContext): Promise<string> {
  const order = await resolveOrder(trx, document.orderReference, context);
  const lines = await queries.selectOrderLines(trx, order.id);
  checkConfirmation(document, order.order_number, lines);
  let previousId: string | null = null;
  if (document.operation === 'update') {
    const current = await queries.selectCurrentConfirmations(trx, order.id);
    const previous = current.find((confirmation) => confirmation.payload_id === document.previousPayloadId);
    if (!previous) {
      throw refuse.badRequest(
        `operation="update" replaces payloadID ${document.previousPayloadId}, which is no confirmation in force for ${order.order_number}`,
      );
    }
    if ((previous.confirm_id ?? null) !== (document.confirmId ?? null)) {
      throw refuse.badRequest(
        `An update keeps the confirmID of the version it replaces (${previous.confirm_id ?? 'none'})`,
      );
    }
    previousId = previous.id;
  }
  const id = await queries.insertConfirmation(trx, {
    order_id: order.id,
    inbound_document_id: context.documentId,
    payload_id: context.payloadId,
    confirm_id: document.confirmId,
    confirmation_type: document.type,
    operation: document.operation,
    notice_date: document.noticeDate,
    comments: document.comments,
    lines: document.items.flatMap((item) =>
      item.statuses.map((status) => ({
        line_number: item.lineNumber,
        status: status.type === 'requestToPay' ? 'unknown' : status.type,
        quantity: status.quantity,
        delivery_date: status.deliveryDate,
        unit_price: status.unitPrice,
        supplier_part_id: status.supplierPartId,
        comments: status.comments,
      })),
    ),
  });
  if (previousId) await queries.markConfirmationReplaced(trx, previousId, id);
  await recordEvents(trx, order, confirmationEvents(document, lines), context);
  return order.id;
}

async function applyShipNotice(trx: Db, document: ShipNoticeRead, context: ApplyContext): Promise<string[]> {
  if (!document.shipmentId) throw refuse.badRequest('ShipNoticeHeader has no shipmentID');
  let previous: Awaited<ReturnType<typeof queries.selectCurrentShipmentsByPayload>> = [];
  if (document.operation !== 'new') {
    if (!document.previousPayloadId) {
      throw refuse.badRequest(
        `A ShipNoticeRequest with operation="${document.operation}" names the notice it changes in ShipNoticeHeader/DocumentReference`,
      );
    }
    previous = await queries.selectCurrentShipmentsByPayload(trx, document.previousPayloadId);
    if (previous.length === 0 || previous.some((shipment) => shipment.shipment_id !== document.shipmentId)) {
      throw refuse.badRequest(
        `operation="${document.operation}" names payloadID ${document.previousPayloadId}, which is no ship notice in force for shipment ${document.shipmentId}`,
      );
    }
  }
  if (document.operation === 'delete') {
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
    const inForce = (await queries.selectCurrentShipments(trx, order.id)).filter(
      (shipment) => !replacedHere.has(shipment.id),
    );
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
      lines: portion.items.map((item) => ({
        line_number: item.lineNumber,
        quantity: item.quantity,
        lot: item.lot,
        expiry_date: item.expiryDate,
      })),
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

async function applyStatusUpdate(trx: Db, document: StatusUpdateRead, context: ApplyContext): Promise<string> {
  if (!document.orderPayloadId) {
    throw refuse.badRequest(
      'A StatusUpdateRequest names the order with DocumentReference payloadID of our OrderRequest',
    );
  }
  const order = await resolveOrder(trx, { orderId: null, payloadId: document.orderPayloadId }, context);
  await recordEvents(
    trx,
    order,
    [{ type: 'supplier_status', details: { code: document.code, text: document.text, message: document.message } }],
    context,
  );
  return order.id;
}

/** An invoice of an order we sent: recorded and matched by the invoices module. */
async function applyInvoice(trx: Db, document: InvoiceDetailRead, context: ApplyContext): Promise<string> {
  const order = await resolveOrder(trx, document.orderReference, context);
  const recorded = await recordInboundInvoice(trx, {
    order,
    document,
    supplierIdentity: context.senderIdentity,
    inboundDocumentId: context.documentId,
    payloadId: context.payloadId,
    now: context.now,
  });
  if (recorded.statusUpdateId) context.statusUpdates.push(recorded.statusUpdateId);
  return order.id;
}

/**
 * The order a reference names: OrderReference@orderID (our order number) and the payloadID of the
 * OrderRequest we sent each identify it; when both are given they must agree. Locked for the rest
 * of the transaction. Only an order that was sent to the supplier can be confirmed or shipped.
 */
async function resolveOrder(
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
async function recordEvents(
  trx: Db,
  order: Pick<queries.InboundOrderRow, 'id' | 'order_number' | 'user_email'> | string,
  events: TimelineEntry[],
  context: ApplyContext,
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
  const mails = events.flatMap((event) => fulfilmentMail(order, event, context.service.config.publicUrl) ?? []);
  const ids = await queries.insertOutboxMails(
    trx,
    mails.map((mail) => outboxRow(context.service, mail)),
  );
  mails.forEach((mail, index) => context.mails.push({ id: ids[index]!, mail }));
}

/**
 * Checks the credentials within the per-source limit. A source without recent failures (a
 * supplier sending its documents) pays one read; a failure is counted, and once a source has
 * failed, each of its attempts is taken atomically before the secret is checked (and given back
 * when right), so parallel guesses cannot slip past the limit.
 */
async function isAuthenticWithinLimits(
  ctx: ServiceContext,
  throttles: Throttles,
  sourceKey: string,
  envelope: { senderIdentity: string | null; sharedSecret: string | null },
): Promise<boolean> {
  const state = await throttles.inspect('cxmlInboundSource', sourceKey);
  if (state?.isBlocked) await throttles.consume('cxmlInboundSource', sourceKey);
  const hasFailedBefore = (state?.attempts ?? 0) > 0;
  if (hasFailedBefore) await throttles.consume('cxmlInboundSource', sourceKey);
  const isRight = await isAuthentic(ctx, envelope.senderIdentity, envelope.sharedSecret);
  if (isRight && hasFailedBefore) await throttles.reward('cxmlInboundSource', sourceKey);
  if (!isRight && !hasFailedBefore) await throttles.consume('cxmlInboundSource', sourceKey);
  return isRight;
}

/** Constant-time comparison of digests, so neither the length nor the first difference leaks. */
async function isAuthentic(ctx: ServiceContext, identity: string | null, secret: string | null): Promise<boolean> {
  const stored = await queries.selectInboundCredentials(ctx.db);
  if (!stored?.inbound_identity || !stored.inbound_shared_secret_encrypted || identity === null || secret === null) {
    return false;
  }
  const expectedSecret = openPunchoutSecret(stored.inbound_shared_secret_encrypted, ctx.config.settingsEncryptionKey);
  const isIdentityRight = sameText(identity, stored.inbound_identity);
  const isSecretRight = sameText(secret, expectedSecret);
  return isIdentityRight && isSecretRight;
}

function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const SHARED_SECRET = /(<SharedSecret\b[^>]*>)[\s\S]*?(<\/SharedSecret>)/g;

function redactSecrets(raw: string): string {
  return raw.replace(SHARED_SECRET, '$1[redacted]$2');
}

function isXmlContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'text/xml' || type === 'application/xml';
}
