import { randomUUID } from 'node:crypto';

import { requesterDisplayName } from '../../contracts/order-submission.js';
import type { ServiceContext } from '../../context.js';
import { decryptSecret } from '../../crypto/secret-box.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertTransition } from '../orders/order-status.rules.js';
import { buildOrderRequestXml, redactSharedSecret } from './cxml/cxml-order-request.js';
import { parseCxmlResponse } from './cxml/cxml-response.js';
import { CxmlParseError } from './cxml/cxml.types.js';
import { bodyPreview, classifySubmission, type SubmissionOutcome } from './submission-outcome.rules.js';
import { postCxml, SupplierTransportError } from './supplier-http.js';
import * as queries from './supplier.queries.js';

/** The submission result of admin-portal §3. */
export interface SubmissionResult {
  ok: boolean;
  httpStatus: number | null;
  stage: 'config' | 'address' | 'send' | 'response' | 'done';
  error: string | null;
  target: string | null;
  bodyPreview: string | null;
  addressSummary: { name: string; city: string; state: string; postal: string } | null;
  supplierOrderId?: string | null;
}

export type SubmissionMode = 'approve' | 'retry' | 'recover';

interface PunchoutTarget {
  url: string;
  identity: string;
  sharedSecret: string;
  isTestMode: boolean;
}

async function loadPunchoutTarget(ctx: ServiceContext): Promise<PunchoutTarget | null> {
  const row = await ctx.db('punchout_settings').where({ id: 1 }).first();
  const url = row?.test_mode ? (row.test_punchout_url ?? row.punchout_url) : row?.punchout_url;
  if (!row || !url || !row.identity || !row.shared_secret_encrypted) return null;
  return {
    url,
    identity: row.identity,
    sharedSecret: decryptSecret(row.shared_secret_encrypted, ctx.config.settingsEncryptionKey),
    isTestMode: Boolean(row.test_mode),
  };
}

const missingShipTo = (): SubmissionResult => ({
  ok: false,
  httpStatus: null,
  stage: 'address',
  error: 'MISSING_SHIP_TO',
  target: null,
  bodyPreview: null,
  addressSummary: null,
});

/**
 * Approve (pending), retry (failed) or recover (left in flight) an order and send it to the
 * supplier exactly once: the claim is a short transaction that moves the order and stamps the
 * attempt; the HTTP call happens outside any transaction; the result is recorded in a second
 * one. The order's payloadID is made once and reused by every attempt, so the supplier can
 * recognise a resend.
 */
export async function submitOrderToSupplier(
  ctx: ServiceContext,
  orderId: string,
  mode: SubmissionMode,
  options: { inFlightBefore?: Date } = {},
): Promise<SubmissionResult> {
  const target = await loadPunchoutTarget(ctx);
  if (!target) {
    return {
      ok: false,
      httpStatus: null,
      stage: 'config',
      error: 'Punchout settings are missing: set them in Settings.',
      target: null,
      bodyPreview: null,
      addressSummary: null,
    };
  }
  const now = ctx.now();
  const claim = await ctx.db.transaction(async (trx) => {
    const order = await queries.lockOrder(trx, orderId);
    if (!order) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    if (mode === 'approve') assertTransition(order.status, 'approved');
    if (mode === 'retry') {
      assertTransition(order.status, 'submitted');
      if (order.status !== 'failed')
        throw AppError.conflict('ORDER_INVALID_TRANSITION', `An order that is ${order.status} cannot be retried.`);
    }
    if (mode === 'recover') {
      // Another instance may have recovered it while this one waited for the lock.
      const isStillStale =
        order.submission_started_at && options.inFlightBefore && order.submission_started_at < options.inFlightBefore;
      if (!isStillStale)
        throw AppError.conflict('ORDER_SUBMISSION_IN_PROGRESS', 'This order is no longer left in flight.');
    } else if (order.submission_started_at) {
      throw AppError.conflict('ORDER_SUBMISSION_IN_PROGRESS', 'This order is being sent to the supplier right now.');
    }
    const address = await queries.selectRequesterAddress(trx, order.user_id);
    if (!address) return { kind: 'missing_address' as const };
    const payloadId = order.payload_id ?? `${order.order_number}.${randomUUID()}@supplyhub`;
    const actorId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
    await trx('orders')
      .where({ id: orderId })
      .update({
        ...(mode === 'approve'
          ? {
              status: 'approved',
              approved_by: actorId,
              approved_at: now,
              approval_source: actorId ? 'admin' : 'system',
            }
          : {}),
        ship_to_full_name: address.full_name,
        ship_to_street_line1: address.street_line1,
        ship_to_street_line2: address.street_line2,
        ship_to_city: address.city,
        ship_to_state: address.state,
        ship_to_postal_code: address.postal_code,
        ship_to_country: address.country,
        ship_to_phone: address.phone,
        payload_id: payloadId,
        submission_started_at: now,
        submission_attempts: order.submission_attempts + 1,
        updated_at: now,
      });
    const logId = await queries.insertAbLog(trx, {
      order_id: orderId,
      status: 'queued',
      test_mode: target.isTestMode,
      payload_id: payloadId,
      target_url: target.url,
      request_summary: JSON.stringify({ mode, attempt: order.submission_attempts + 1 }),
      created_at: now,
    });
    await recordAudit(
      ctx,
      {
        action: `order.${mode}`,
        targetType: 'order',
        targetId: orderId,
        details: { from: order.status, payload_id: payloadId },
      },
      trx,
    );
    const requester = await queries.selectRequesterName(trx, order.user_id);
    return {
      kind: 'claimed' as const,
      order: { ...order, payload_id: payloadId },
      address,
      logId,
      requesterName: requesterDisplayName({ ...requester, email: order.user_email }),
    };
  });
  if (claim.kind === 'missing_address') return missingShipTo();

  const { order, address, logId, requesterName } = claim;
  const addressSummary = {
    name: address.full_name,
    city: address.city,
    state: address.state,
    postal: address.postal_code,
  };
  const [lines, company] = await Promise.all([
    queries.selectSubmissionLines(ctx.db, orderId),
    ctx
      .db('company_settings')
      .where({ id: 1 })
      .first('name', 'bill_to_street', 'bill_to_city', 'bill_to_state', 'bill_to_postal_code', 'bill_to_country'),
  ]);
  const xml = buildOrderRequestXml({
    payloadId: order.payload_id,
    timestamp: now,
    deploymentMode: target.isTestMode ? 'test' : 'production',
    fromIdentity: target.identity,
    toIdentity: ctx.config.supplier.identity,
    senderIdentity: target.identity,
    sharedSecret: target.sharedSecret,
    userAgent: 'Supply Hub',
    orderId: order.order_number,
    orderDate: order.created_at,
    total: order.total_amount,
    currency: 'USD',
    shipTo: {
      addressName: address.full_name,
      deliverTo: requesterName,
      streets: [address.street_line1, address.street_line2].filter((line): line is string => Boolean(line)),
      city: address.city,
      state: address.state,
      postalCode: address.postal_code,
      countryCode: address.country,
      phone: address.phone,
    },
    billTo: {
      addressName: company?.name ?? 'Supply Hub',
      streets: company?.bill_to_street ? [company.bill_to_street] : [],
      city: company?.bill_to_city,
      state: company?.bill_to_state,
      postalCode: company?.bill_to_postal_code,
      countryCode: company?.bill_to_country,
    },
    items: lines.map((line) => ({
      lineNumber: line.line_number,
      quantity: line.quantity,
      supplierPartId: line.asin,
      unitPrice: line.unit_price,
      description: line.title,
      unitOfMeasure: 'EA' as const,
      // The UNSPSC segment for medical supplies when the product has no code of its own.
      unspsc: line.unspsc ?? '42000000',
    })),
  });

  let httpStatus: number | null = null;
  let responseBody: string | null = null;
  let latencyMs = 0;
  let outcome: SubmissionOutcome;
  try {
    const response = await postCxml(target.url, xml, {
      allowedHosts: ctx.config.supplier.allowedHosts,
      totalTimeoutMs: ctx.config.supplier.totalTimeoutMs,
    });
    httpStatus = response.httpStatus;
    responseBody = response.body;
    latencyMs = response.latencyMs;
    let cxml = null;
    try {
      cxml = parseCxmlResponse(response.body);
    } catch (error) {
      if (!(error instanceof CxmlParseError)) throw error;
    }
    outcome = classifySubmission({ httpStatus, cxml, transportError: null });
  } catch (error) {
    if (!(error instanceof SupplierTransportError)) throw error;
    latencyMs = error.latencyMs;
    outcome =
      error.kind === 'not_allowed'
        ? { kind: 'refused', message: error.message }
        : classifySubmission({ httpStatus: null, cxml: null, transportError: error.message });
  }

  const finishedAt = ctx.now();
  const isAccepted = outcome.kind === 'accepted';
  await ctx.db.transaction(async (trx) => {
    await trx('orders')
      .where({ id: orderId })
      .update(
        isAccepted
          ? {
              status: 'submitted',
              submitted_at: finishedAt,
              supplier_order_id: outcome.kind === 'accepted' ? outcome.supplierOrderId : null,
              rejection_reason: null,
              submission_started_at: null,
              updated_at: finishedAt,
            }
          : {
              status: 'failed',
              failed_at: finishedAt,
              rejection_reason: outcome.message.slice(0, 500),
              submission_started_at: null,
              updated_at: finishedAt,
            },
      );
    await queries.updateAbLog(trx, logId, {
      status: isAccepted ? 'success' : 'failed',
      http_status: httpStatus,
      error: isAccepted ? null : outcome.message.slice(0, 1000),
      request_xml: redactSharedSecret(xml),
      response_body: responseBody?.slice(0, 20_000) ?? null,
      request_summary: JSON.stringify({
        mode,
        latencyMs,
        retryable: outcome.kind === 'retryable',
        diagnostics: outcome.message.slice(0, 300),
      }),
    });
    await recordAudit(
      ctx,
      {
        action: isAccepted ? 'order.submitted' : 'order.submission_failed',
        targetType: 'order',
        targetId: orderId,
        details: { http_status: httpStatus, outcome: outcome.kind },
      },
      trx,
    );
  });
  ctx.log.info(
    { order: order.order_number, outcome: outcome.kind, httpStatus, latencyMs },
    'supplier submission finished',
  );
  return {
    ok: isAccepted,
    httpStatus,
    stage: isAccepted ? 'done' : httpStatus === null ? 'send' : 'response',
    error: isAccepted ? null : outcome.message,
    target: target.url,
    bodyPreview: bodyPreview(responseBody),
    addressSummary,
    supplierOrderId: outcome.kind === 'accepted' ? outcome.supplierOrderId : null,
  };
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
