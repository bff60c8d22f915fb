import type { ServiceContext } from '../../context.js';
import { describeError } from '../../http/describe-error.js';
import { parseCxmlResponse } from '../supplier/cxml/cxml-response.js';
import { newPayloadId } from '../supplier/cxml/cxml-response-builder.js';
import {
  buildConfirmationRequestXml,
  buildShipNoticeRequestXml,
  type SupplierDocumentHeader,
} from '../supplier/cxml/cxml-supplier-documents.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import { buildInvoiceDetailRequestXml } from '../supplier/cxml/cxml-invoice-documents.js';
import {
  isOverpricedInvoice,
  isShipmentReceived,
  MAX_SANDBOX_ATTEMPTS,
  planFollowUps,
  sandboxInvoice,
  sandboxConfirmation,
  sandboxRetryAt,
  sandboxShipNotice,
  type SandboxLine,
} from './sandbox-documents.rules.js';
import * as queries from './sandbox-supplier.queries.js';

const LEASE_MS = 60_000;
const BATCH = 20;
const SEND_TIMEOUT_MS = 15_000;
/** How often a due invoice looks again whether the ward received the goods. */
const INVOICE_WAIT_MS = 10_000;

/** Plans the confirmation and ship notice of an order the sandbox accepted (kept in the database). */
export async function planSandboxFollowUps(
  ctx: ServiceContext,
  order: { orderId: string; payloadId: string; lines: SandboxLine[]; isNextDay?: boolean },
): Promise<void> {
  await queries.insertSandboxDocuments(ctx.db, planFollowUps(order, ctx.config.sandboxSupplier, ctx.now()));
}

/**
 * The sandbox-supplier-documents job: sends each due confirmation and ship notice to the portal's
 * inbound endpoint over HTTP, signed with the inbound supplier credentials, as a real supplier
 * would. A refused or failed send is retried later (up to MAX_SANDBOX_ATTEMPTS).
 */
export async function sendDueSandboxDocuments(ctx: ServiceContext): Promise<{ sent: number; failed: number }> {
  const now = ctx.now();
  const due = await queries.leaseDueSandboxDocuments(ctx.db, {
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit: BATCH,
    maxAttempts: MAX_SANDBOX_ATTEMPTS,
  });
  if (due.length === 0) return { sent: 0, failed: 0 };
  const credentials = await queries.selectInboundSenderCredentials(ctx.db);
  let sent = 0;
  let failed = 0;
  for (const document of due) {
    if (document.kind === 'invoice' && !(await isReadyToInvoice(ctx, document))) {
      await queries.postponeSandboxDocument(ctx.db, document.id, new Date(ctx.now().getTime() + INVOICE_WAIT_MS));
      continue;
    }
    const outcome = await sendOne(ctx, document, credentials);
    if (outcome.ok) {
      sent += 1;
      await queries.markSandboxDocumentSent(ctx.db, document.id, outcome.status, ctx.now());
    } else {
      failed += 1;
      ctx.log.warn(
        { document: document.id, kind: document.kind, error: outcome.error },
        'sandbox document not accepted',
      );
      await queries.markSandboxDocumentFailed(ctx.db, document.id, {
        status: outcome.status,
        error: outcome.error,
        retryAt: sandboxRetryAt(document.attempts, ctx.now()),
      });
    }
  }
  return { sent, failed };
}

/**
 * The sandbox invoices once the ward has received what shipped (a supplier would invoice at once;
 * the demo waits so that its invoices match or not on price alone, not on timing).
 */
async function isReadyToInvoice(ctx: ServiceContext, document: queries.SandboxDocumentRow): Promise<boolean> {
  return isShipmentReceived(document, await queries.selectReceivedByOrderNumber(ctx.db, document.order_id));
}

async function sendOne(
  ctx: ServiceContext,
  document: queries.SandboxDocumentRow,
  credentials: Awaited<ReturnType<typeof queries.selectInboundSenderCredentials>>,
): Promise<{ ok: true; status: number } | { ok: false; status: number | null; error: string }> {
  if (!credentials?.inbound_identity || !credentials.inbound_shared_secret_encrypted) {
    return { ok: false, status: null, error: 'the inbound supplier credentials are not set' };
  }
  const now = ctx.now();
  const header: SupplierDocumentHeader = {
    payloadId: newPayloadId(now, 'sandbox-supplier.invalid'),
    timestamp: now,
    deploymentMode: 'test',
    fromIdentity: credentials.inbound_identity,
    toIdentity: credentials.identity ?? 'SUPPLYHUB',
    senderIdentity: credentials.inbound_identity,
    sharedSecret: openPunchoutSecret(credentials.inbound_shared_secret_encrypted, ctx.config.settingsEncryptionKey),
    userAgent: 'Supply Hub sandbox supplier',
  };
  const xml =
    document.kind === 'confirmation'
      ? buildConfirmationRequestXml(header, sandboxConfirmation(document, now))
      : document.kind === 'ship_notice'
        ? buildShipNoticeRequestXml(header, sandboxShipNotice(document, now))
        : buildInvoiceDetailRequestXml(
            header,
            sandboxInvoice(
              document,
              now,
              isOverpricedInvoice(document.order_payload_id, ctx.config.sandboxSupplier.invoiceOverpriceShare),
            ),
          );
  try {
    const response = await fetch(`${ctx.config.publicUrl}/api/cxml/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      body: xml,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const answer = parseCxmlResponse(await response.text());
    return answer.statusCode === 200
      ? { ok: true, status: 200 }
      : {
          ok: false,
          status: answer.statusCode,
          error: `${answer.statusCode} ${answer.statusText}: ${answer.message ?? ''}`,
        };
  } catch (error) {
    return { ok: false, status: null, error: String(describeError(error).message ?? 'the portal did not answer') };
  }
}
