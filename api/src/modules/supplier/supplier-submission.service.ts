import { randomUUID } from 'node:crypto';

import { totalOfLinesKept } from '../../contracts/line-rejections.rules.js';
import { requesterDisplayName } from '../../contracts/order-submission.js';
import type { SubmissionResult } from '../../contracts/supplier.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { describeError } from '../../http/describe-error.js';
import { recordSupplierSubmission } from '../../metrics/metrics.js';
import { toAdminOrder, type AdminOrder } from '../admin-orders/admin-orders.service.js';
import { approvalProgress } from '../approvals/approval-levels.rules.js';
import { deliverQueuedMail, outboxRow } from '../mail/mail.service.js';
import { requesterMail } from '../notifications/order-notifications.service.js';
import { localDate } from '../standing-orders/standing-order-schedule.rules.js';
import { buildOrderRequestXml } from './cxml/cxml-order-request.js';
import { withSharedSecretRedacted } from './cxml/cxml-request-document.js';
import { readCxmlResponse } from './cxml/cxml-response.js';
import type { CxmlOrderRequestInput } from './cxml/cxml.types.js';
import { openPunchoutSecret } from './punchout-secret.js';
import { claimableStatuses, claimRefusal, type SubmissionMode } from './submission-claim.rules.js';
import { bodyPreview, classifySubmission, type SubmissionOutcome } from './submission-outcome.rules.js';
import { postCxml, SupplierTransportError } from './supplier-http.js';
import * as queries from './supplier.queries.js';
import type { ClaimedOrder } from './supplier.queries.js';

export type { SubmissionResult } from '../../contracts/supplier.js';
export type { SubmissionMode } from './submission-claim.rules.js';

const refusedResult = (stage: 'config' | 'address'): SubmissionResult => ({
  ok: false,
  httpStatus: null,
  stage,
  error: stage === 'address' ? 'MISSING_SHIP_TO' : 'Punchout settings are missing: set them in Settings.',
  target: null,
  bodyPreview: null,
  addressSummary: null,
});

/** A missing ship-to or punchout configuration is a refusal with the submission result attached. */
export function submissionRefusal(result: SubmissionResult): AppError | undefined {
  if (result.stage === 'address') {
    return new AppError(
      422,
      'MISSING_SHIP_TO',
      'The requester has no shipping address. Add one, then approve again.',
      undefined,
      { result },
    );
  }
  if (result.stage === 'config')
    return new AppError(409, 'PUNCHOUT_NOT_CONFIGURED', result.error ?? 'Punchout settings are missing', undefined, {
      result,
    });
  return undefined;
}

/** One attempt's result and, when the order was sent, the order as it now stands (for the answer). */
export interface SubmissionAttempt {
  result: SubmissionResult;
  order: AdminOrder | null;
}

export interface SubmissionOptions {
  /** Recovery: the order must have been in flight since before this. */
  inFlightBefore?: Date;
  /** Approval: the level this approval records, the order's last required one (default 1). */
  approvalLevel?: number;
}

/** The submission result alone: for auto-approval and recovery, which show no order. */
export async function submitOrderToSupplier(
  ctx: ServiceContext,
  orderId: string,
  mode: SubmissionMode,
  options: SubmissionOptions = {},
): Promise<SubmissionResult> {
  return (await attemptSubmission(ctx, orderId, mode, options)).result;
}

/**
 * Approve (pending), retry (failed) or recover (left in flight) an order and send it to the
 * supplier exactly once: the claim is one conditional statement that moves the order and stamps
 * the attempt; the HTTP call happens outside any transaction; the outcome is recorded in a second
 * statement together with its log, audit row and the requester's mail (outbox only). The order's
 * payloadID is made once and reused by every attempt, so the supplier can recognise a resend.
 */
export async function attemptSubmission(
  ctx: ServiceContext,
  orderId: string,
  mode: SubmissionMode,
  options: SubmissionOptions = {},
): Promise<SubmissionAttempt> {
  const now = ctx.now();
  const actor = {
    actorUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    actorLabel: ctx.actor.label,
    clientAddress: ctx.clientAddress ?? null,
    requestId: ctx.requestId ?? null,
  };
  const claim = await queries.claimOrderForSubmission(ctx.db, {
    orderId,
    fromStatuses: claimableStatuses(mode),
    isApproval: mode === 'approve',
    inFlightBefore: mode === 'recover' ? (options.inFlightBefore ?? now) : null,
    payloadIdSuffix: `${randomUUID()}@supplyhub`,
    approvalLevel: mode === 'approve' ? (options.approvalLevel ?? 1) : null,
    mode,
    now,
    ...actor,
  });
  if (!claim) {
    const refusal = claimRefusal(mode, await queries.selectClaimObstacles(ctx.db, orderId));
    return { result: refusedResult(refusal), order: null };
  }

  const lines = await currentLines(ctx, claim);
  const orderRequest: CxmlOrderRequestInput = {
    payloadId: claim.payload_id,
    timestamp: now,
    deploymentMode: claim.test_mode ? 'test' : 'production',
    fromIdentity: claim.identity,
    toIdentity: claim.supplier_identity ?? ctx.config.supplier.identity,
    senderIdentity: claim.identity,
    sharedSecret: openPunchoutSecret(claim.shared_secret_encrypted, ctx.config.settingsEncryptionKey),
    userAgent: 'Supply Hub',
    orderId: claim.order_number,
    orderDate: claim.created_at,
    total: claim.total_amount,
    currency: 'USD',
    shipTo: {
      addressName: claim.full_name,
      deliverTo: requesterDisplayName({ ...claim, email: claim.user_email }),
      streets: [claim.street_line1, claim.street_line2].filter((line): line is string => Boolean(line)),
      city: claim.city,
      state: claim.state,
      postalCode: claim.postal_code,
      countryCode: claim.country,
      phone: claim.phone,
    },
    billTo: {
      addressName: claim.company_name ?? 'Supply Hub',
      streets: claim.bill_to_street ? [claim.bill_to_street] : [],
      city: claim.bill_to_city,
      state: claim.bill_to_state,
      postalCode: claim.bill_to_postal_code,
      countryCode: claim.bill_to_country,
    },
    // Only the lines ordered: those an approver rejected never reach the supplier.
    items: lines
      .filter((line) => line.rejected_at === null)
      .map((line) => ({
        lineNumber: line.line_number,
        quantity: line.quantity,
        supplierPartId: line.asin,
        // A PunchOut line echoes the supplier's quote reference and unit as they came.
        supplierPartAuxiliaryId: line.punchout_reference,
        unitPrice: line.unit_price,
        description: line.title,
        unitOfMeasure: line.punchout_unit_of_measure ?? 'EA',
        // The UNSPSC segment for medical supplies when the product has no code of its own.
        unspsc: line.unspsc ?? '42000000',
      })),
    // A STAT order asks for the earliest delivery: the day it is sent, as the company's calendar has it
    // (an evening order in New York is already tomorrow in UTC).
    urgency: claim.is_urgent
      ? { requestedDeliveryDate: localDate(now, claim.company_timezone), reason: claim.urgent_reason ?? 'STAT' }
      : null,
    deliveryNote: claim.delivery_note,
  };
  const xml = buildOrderRequestXml(orderRequest);

  const sent = await sendToSupplier(ctx, claim.target_url, xml);
  const { outcome, httpStatus, responseBody, latencyMs } = sent;
  recordSupplierSubmission(outcome.kind);
  const isAccepted = outcome.kind === 'accepted';
  const supplierOrderId = outcome.kind === 'accepted' ? outcome.supplierOrderId : null;
  const failureReason = isAccepted ? null : outcome.message.slice(0, 500);
  const mail = requesterMail(
    { ...claim, rejection_reason: failureReason },
    isAccepted ? 'submitted' : 'failed',
    ctx.config.publicUrl,
  );
  const mailId = await queries.finishSubmission(ctx.db, {
    orderId,
    logId: claim.log_id,
    isAccepted,
    finishedAt: ctx.now(),
    supplierOrderId,
    supplierIdentity: orderRequest.toIdentity,
    failureReason,
    log: {
      http_status: httpStatus,
      error: isAccepted ? null : outcome.message.slice(0, 1000),
      request_xml: buildOrderRequestXml(withSharedSecretRedacted(orderRequest)),
      response_body: responseBody?.slice(0, 20_000) ?? null,
      request_summary: {
        mode,
        attempt: claim.submission_attempts,
        latencyMs,
        retryable: outcome.kind === 'retryable',
        diagnostics: outcome.message.slice(0, 300),
      },
    },
    audit: { ...actor, details: { http_status: httpStatus, outcome: outcome.kind } },
    mail: outboxRow(ctx, mail),
  });
  // Sending (with SMTP_URL) happens after the answer, never on the approval's path.
  void deliverQueuedMail(ctx, mailId, mail).catch((error: unknown) =>
    ctx.log.warn({ error: describeError(error) }, 'order notification not delivered'),
  );
  ctx.log.info(
    { order: claim.order_number, outcome: outcome.kind, httpStatus, latencyMs },
    'supplier submission finished',
  );
  const result: SubmissionResult = {
    ok: isAccepted,
    httpStatus,
    stage: isAccepted ? 'done' : httpStatus === null ? 'send' : 'response',
    error: isAccepted ? null : outcome.message,
    target: claim.target_url,
    bodyPreview: bodyPreview(responseBody),
    addressSummary: { name: claim.full_name, city: claim.city, state: claim.state, postal: claim.postal_code },
    supplierOrderId,
  };
  // The order as the two statements left it: no read after the write is needed for the answer.
  const status = isAccepted ? 'submitted' : 'failed';
  const ownApproval =
    mode === 'approve'
      ? [
          {
            level: options.approvalLevel ?? 1,
            approver_user_id: actor.actorUserId,
            approver_label: actor.actorLabel,
            approved_at: now,
          },
        ]
      : [];
  const order = toAdminOrder(
    { ...claim, status, rejection_reason: failureReason },
    lines,
    { full_name: claim.full_name, city: claim.city, state: claim.state, postal_code: claim.postal_code },
    approvalProgress({
      status,
      totalAmount: claim.total_amount,
      orderLimit: claim.order_limit,
      levels: [],
      approvals: [...claim.approvals, ...ownApproval],
    }),
  );
  return { result, order };
}

/** The claim's lines, or those read anew when they do not add up to its total (lines rejected meanwhile). */
async function currentLines(ctx: ServiceContext, claim: ClaimedOrder): Promise<ClaimedOrder['lines']> {
  const rejected = new Set(claim.lines.filter((line) => line.rejected_at !== null).map((line) => line.id));
  if (totalOfLinesKept(claim.lines, rejected) === claim.total_amount) return claim.lines;
  return queries.selectSubmissionLines(ctx.db, claim.id);
}

interface SupplierExchange {
  outcome: SubmissionOutcome;
  httpStatus: number | null;
  responseBody: string | null;
  latencyMs: number;
}

/** The HTTP exchange and what it means; never throws for anything the supplier or the network does. */
async function sendToSupplier(ctx: ServiceContext, targetUrl: string, xml: string): Promise<SupplierExchange> {
  try {
    const response = await postCxml(targetUrl, xml, {
      allowedHosts: ctx.config.supplier.allowedHosts,
      totalTimeoutMs: ctx.config.supplier.totalTimeoutMs,
    });
    const cxml = readCxmlResponse(response.body);
    return {
      outcome: classifySubmission({ httpStatus: response.httpStatus, cxml, transportError: null }),
      httpStatus: response.httpStatus,
      responseBody: response.body,
      latencyMs: response.latencyMs,
    };
  } catch (error) {
    if (!(error instanceof SupplierTransportError)) throw error;
    return {
      outcome:
        error.kind === 'not_allowed'
          ? { kind: 'refused', message: error.message }
          : classifySubmission({ httpStatus: null, cxml: null, transportError: error.message }),
      httpStatus: null,
      responseBody: null,
      latencyMs: error.latencyMs,
    };
  }
}

/** Orders whose process died between sending and recording: resent with the same payloadID. */
export async function recoverOrdersLeftInFlight(ctx: ServiceContext, olderThanMs = 2 * 60_000) {
  const inFlightBefore = new Date(ctx.now().getTime() - olderThanMs);
  const stale = await queries.selectOrdersLeftInFlight(ctx.db, inFlightBefore);
  let recovered = 0;
  for (const { id } of stale) {
    const result = await submitOrderToSupplier(ctx, id, 'recover', { inFlightBefore }).catch((error: unknown) => {
      ctx.log.warn({ order_id: id, error: String(error) }, 'recovery of an order left in flight failed');
      return null;
    });
    if (result?.ok) recovered += 1;
  }
  return { found: stale.length, recovered };
}
