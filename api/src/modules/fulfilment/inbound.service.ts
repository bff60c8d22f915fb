import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordInboundDocument } from '../../metrics/metrics.js';
import { sendInvoiceStatusUpdate } from '../invoices/invoices.service.js';
import { deliverQueuedMail } from '../mail/mail.service.js';
import type { Throttles } from '../throttles/throttles.js';
import { textBody, type InboundBody } from './cxml-inbound/inbound-body.js';
import { InboundRefusal, refuse, type InboundDocumentRead } from './cxml-inbound/inbound-document.types.js';
import { sameSender, scanPayloadId, scanSender } from './cxml-inbound/inbound-header-scan.js';
import { InboundReadersBusy, readInboundInWorker } from './cxml-inbound/inbound-reading-pool.js';
import { applyInboundDocument, appliedMessage, type ApplyContext } from './inbound-appliers/apply-inbound-document.js';
import { countRefusedDocument, isAuthenticSender, redactSecrets } from './inbound-authentication.js';
import * as queries from './inbound.queries.js';

export { namesExpectedSender, pausedSourceMessage } from './inbound-authentication.js';

/** The cXML Status an inbound document is answered with; the HTTP status mirrors its code. */
export interface InboundAnswer {
  code: number;
  text: string;
  message: string;
  /** Sent as Retry-After when the portal asks the supplier to come back. */
  retryAfterSeconds?: number;
}

export const MAX_INBOUND_BYTES = 1_000_000;

const answer = (code: number, text: string, message: string): InboundAnswer => ({ code, text, message });

/** The log entry as it fills up while the document is read; the outcome is added at the end. */
type InboundLogDraft = Omit<queries.InboundLogRow, 'status_code' | 'status_text' | 'message' | 'duration_ms'>;

export interface InboundMeta {
  sourceAddress: string | undefined;
  contentType: string | undefined;
}

/**
 * Receives one document a supplier sends back (ConfirmationRequest, ShipNoticeRequest,
 * StatusUpdateRequest, InvoiceDetailRequest). The cheap checks come first and the expensive ones
 * only for a known sender: the type; the Sender credential, scanned from the document's head (the
 * rest not yet read) and compared in constant time within the per-source limit; the size; then, in a worker thread, the full
 * parse, the DTD and the reading; last, the document is applied in one transaction, exactly once
 * per payloadID. Every document is logged beside the outbound submission log, the secret redacted.
 */
export async function receiveInboundDocument(
  ctx: ServiceContext,
  throttles: Throttles,
  body: InboundBody | string,
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
    result = await receive(ctx, throttles, typeof body === 'string' ? textBody(body) : body, meta, log);
  } catch (error) {
    if (error instanceof InboundRefusal) result = answer(error.code, error.text, error.message);
    else if (error instanceof AppError && error.status === 429)
      result = answer(429, 'Too Many Requests', error.message);
    else if (error instanceof InboundReadersBusy)
      result = {
        ...answer(
          503,
          'Service Unavailable',
          'The portal is busy reading other documents; send this one again in a minute',
        ),
        retryAfterSeconds: 60,
      };
    else {
      ctx.log.error({ err: error }, 'inbound cXML document failed');
      result = answer(500, 'Internal Server Error', 'The document could not be processed; send it again later');
    }
  }
  recordInboundDocument(log.document_type, result.code);
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
  body: InboundBody,
  meta: InboundMeta,
  log: InboundLogDraft,
): Promise<InboundAnswer> {
  if (!isXmlContentType(meta.contentType)) {
    return answer(415, 'Unsupported Media Type', 'Send the document as text/xml or application/xml');
  }
  const head = await body.head();
  log.payload_id = scanPayloadId(head)?.slice(0, 500) ?? null;
  let sender;
  try {
    sender = scanSender(head);
  } catch (error) {
    // A body with no readable Sender is a refused document like a wrong secret: it counts against its source.
    if (error instanceof InboundRefusal) await countRefusedDocument(throttles, meta.sourceAddress);
    throw error;
  }
  if (!(await isAuthenticSender(ctx, throttles, meta.sourceAddress, sender))) {
    return answer(401, 'Unauthorized', 'Unknown sender identity or wrong shared secret');
  }
  const raw = await body.whole();
  if (Buffer.byteLength(raw, 'utf8') > MAX_INBOUND_BYTES) {
    return answer(413, 'Request Entity Too Large', `A cXML document is at most ${MAX_INBOUND_BYTES} bytes`);
  }
  log.raw_document = redactSecrets(raw);

  const reading = await readInboundInWorker(raw);
  if (reading.envelope) {
    log.payload_id = reading.envelope.payloadId.slice(0, 500) || null;
    log.document_type = reading.envelope.requestType?.slice(0, 100) ?? null;
    if (!sameSender(sender, reading.envelope)) {
      throw refuse.badRequest('The Header/Sender credential is not the one the document begins with');
    }
  }
  if (!reading.isRead) return reading.refusal;
  return applyOnce(ctx, raw, reading.envelope, reading.document, log);
}

async function applyOnce(
  ctx: ServiceContext,
  raw: string,
  envelope: { payloadId: string; senderIdentity: string | null },
  document: InboundDocumentRead,
  log: InboundLogDraft,
): Promise<InboundAnswer> {
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
    const applied = answer(200, 'OK', appliedMessage(document));
    const documentId = await queries.insertInboundDocument(trx, {
      ...log,
      document_hash: documentHash,
      is_applied: true,
      ...logStatus(applied),
      duration_ms: 0,
    });
    const orderIds = await applyInboundDocument(trx, document, {
      payloadId: envelope.payloadId,
      documentId,
      now: ctx.now(),
      service: ctx,
      mails,
      statusUpdates,
      senderIdentity: envelope.senderIdentity ?? '',
      noteOrder: (orderId) => {
        log.order_id ??= orderId;
      },
    });
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

function isXmlContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'text/xml' || type === 'application/xml';
}
