import { randomUUID } from 'node:crypto';

import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { buildInvoiceStatusUpdateXml } from '../supplier/cxml/cxml-invoice-documents.js';
import { withSharedSecretRedacted, type CxmlRequestHeader } from '../supplier/cxml/cxml-request-document.js';
import { classifySupplierAnswer } from '../supplier/cxml/cxml-response.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import { postCxml, SupplierTransportError } from '../supplier/supplier-http.js';
import { statusUpdateRetryAt, MAX_STATUS_UPDATE_ATTEMPTS } from './invoice-match.rules.js';
import * as queries from './invoice-status-updates.queries.js';

const LEASE_MS = 2 * 60_000;
const BATCH = 20;

/**
 * Queues the StatusUpdateRequest that tells the supplier how its invoice was reconciled, in the
 * caller's transaction: the decision and the message to the supplier commit together (an outbox).
 * Its payloadID is made once, so every retry is the same document to the supplier.
 */
export function queueInvoiceStatusUpdate(
  trx: Db,
  input: { invoiceId: string; type: 'reconciled' | 'rejected'; comments: string | null; now: Date },
): Promise<string> {
  return queries.insertStatusUpdate(trx, {
    invoice_id: input.invoiceId,
    payload_id: `${input.now.getTime()}.${randomUUID()}@supplyhub`,
    status_type: input.type,
    comments: input.comments,
    next_attempt_at: input.now,
    created_at: input.now,
  });
}

/** Sends one queued update now (after its transaction committed); a failure is left to the job. */
export async function sendInvoiceStatusUpdate(ctx: ServiceContext, id: string): Promise<void> {
  await sendDue(ctx, id).catch((error: unknown) =>
    ctx.log.warn({ err: error, statusUpdate: id }, 'invoice status update left for the job'),
  );
}

/** The invoice-status-updates job: every queued update that is due, with retries. */
export function sendDueInvoiceStatusUpdates(ctx: ServiceContext): Promise<{ sent: number; failed: number }> {
  return sendDue(ctx);
}

async function sendDue(ctx: ServiceContext, id?: string): Promise<{ sent: number; failed: number }> {
  const now = ctx.now();
  const due = await queries.leaseDueStatusUpdates(ctx.db, {
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit: BATCH,
    maxAttempts: MAX_STATUS_UPDATE_ATTEMPTS,
    ...(id ? { id } : {}),
  });
  if (due.length === 0) return { sent: 0, failed: 0 };
  const settings = await queries.selectOutboundCredentials(ctx.db);
  let sent = 0;
  let failed = 0;
  for (const update of due) {
    const outcome = await postOne(ctx, update, settings);
    if (outcome.ok) {
      sent += 1;
      await queries.markStatusUpdateSent(ctx.db, update.id, {
        httpStatus: outcome.httpStatus,
        requestXml: outcome.loggedXml,
        now: ctx.now(),
      });
    } else {
      failed += 1;
      ctx.log.warn({ statusUpdate: update.id, error: outcome.error }, 'invoice status update not accepted');
      await queries.markStatusUpdateFailed(ctx.db, update.id, {
        httpStatus: outcome.httpStatus,
        error: outcome.error,
        requestXml: outcome.loggedXml,
        retryAt: statusUpdateRetryAt(update.attempts, ctx.now()),
      });
    }
  }
  return { sent, failed };
}

type PostOutcome =
  | { ok: true; httpStatus: number; loggedXml: string }
  | { ok: false; httpStatus: number | null; error: string; loggedXml: string | null };

async function postOne(
  ctx: ServiceContext,
  update: queries.DueStatusUpdateRow,
  settings: queries.OutboundCredentialsRow | undefined,
): Promise<PostOutcome> {
  const target = settings?.test_mode
    ? (settings.test_punchout_url ?? settings.punchout_url)
    : (settings?.punchout_url ?? null);
  if (!settings || !target || !settings.identity || !settings.shared_secret_encrypted) {
    return {
      ok: false,
      httpStatus: null,
      error: 'Punchout settings are missing: set them in Settings.',
      loggedXml: null,
    };
  }
  const header: CxmlRequestHeader = {
    payloadId: update.payload_id,
    timestamp: ctx.now(),
    deploymentMode: settings.test_mode ? 'test' : 'production',
    fromIdentity: settings.identity,
    toIdentity: settings.supplier_identity ?? ctx.config.supplier.identity,
    senderIdentity: settings.identity,
    sharedSecret: openPunchoutSecret(settings.shared_secret_encrypted, ctx.config.settingsEncryptionKey),
    userAgent: 'Supply Hub',
  };
  const input = {
    invoicePayloadId: update.invoice_payload_id,
    invoiceId: update.invoice_id,
    invoiceDate: new Date(update.invoice_date),
    type: update.status_type,
    comments: update.comments,
  };
  const loggedXml = buildInvoiceStatusUpdateXml(withSharedSecretRedacted(header), input);
  try {
    const response = await postCxml(target, buildInvoiceStatusUpdateXml(header, input), {
      allowedHosts: ctx.config.supplier.allowedHosts,
      totalTimeoutMs: ctx.config.supplier.totalTimeoutMs,
    });
    const answer = classifySupplierAnswer(response.httpStatus, response.body);
    if (answer.outcome === 'accepted' && response.httpStatus < 300) {
      return { ok: true, httpStatus: response.httpStatus, loggedXml };
    }
    const error =
      answer.outcome === 'failed'
        ? answer.error
        : `cXML ${answer.response.statusCode} ${answer.response.statusText}: ${answer.response.message ?? ''}`.trim();
    return { ok: false, httpStatus: response.httpStatus, error, loggedXml };
  } catch (error) {
    if (!(error instanceof SupplierTransportError)) throw error;
    return { ok: false, httpStatus: null, error: error.message, loggedXml };
  }
}
