import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { ServiceContext } from '../../context.js';
import { describeError } from '../../http/describe-error.js';
import { readOrderRequest } from '../supplier/cxml/cxml-order-request-reader.js';
import { CxmlParseError, type CxmlOrderRequestRead } from '../supplier/cxml/cxml.types.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import { isTestOrderId } from '../supplier/test-order.rules.js';
import {
  findSandboxOrder,
  listSandboxOrders,
  recordSandboxOrder,
  selectPunchoutCredentials,
  type SandboxSupplierOrderRow,
} from './sandbox-supplier.queries.js';
import { planSandboxFollowUps } from './sandbox-documents.service.js';
import { quoteProblem } from './sandbox-punchout.rules.js';
import { failureForQuantities, isAcceptedDespiteFailure, type SandboxFailure } from './sandbox-supplier.rules.js';

/**
 * What the sandbox answers. A cXML answer's HTTP status mirrors its cXML code (400, 401, 409, 500),
 * except the 'cxml400' failure, which is the other shape suppliers use: HTTP 200, cXML 400.
 */
export interface SandboxCxmlAnswer {
  kind: 'cxml';
  httpStatus: number;
  statusCode: number;
  statusText: string;
  message: string;
  supplierOrderId?: string;
  /** Answer only after the slow delay (the order is already stored). */
  isSlow?: boolean;
  /** Answers a ProfileRequest: the route adds the ProfileResponse naming its own URL. */
  isProfile?: boolean;
}

export type SandboxAnswer = SandboxCxmlAnswer | { kind: 'drop' | 'malformed' | 'html' };

const MAX_PAYLOAD_ID_LENGTH = 500;

/**
 * Receives one cXML OrderRequest: parse (safe parser), credentials against the current punchout
 * settings, structure, then the failure rules and deduplication by payloadID. A ProfileRequest
 * (the integration self-test) gets the same parse and credential checks and then a
 * ProfileResponse; nothing is stored for it. `takeArmedFailure` hands over the one-shot failure
 * set through the control endpoint, if any: the next OrderRequest or ProfileRequest that passes the
 * credential check uses it.
 */
export async function receiveOrderRequest(
  ctx: ServiceContext,
  body: string,
  takeArmedFailure: () => SandboxFailure | null,
): Promise<SandboxAnswer> {
  let request: CxmlOrderRequestRead;
  try {
    request = readOrderRequest(body);
  } catch (error) {
    if (!(error instanceof CxmlParseError)) throw error;
    return cxmlError(400, 'Bad Request', `The request is not a readable cXML document: ${error.message}`);
  }
  if (!(await hasValidCredentials(ctx, request))) {
    return cxmlError(401, 'Unauthorized', 'The Sender credentials do not match the punchout settings.');
  }
  if (request.requestName === 'ProfileRequest') return answerProfileRequest(request, takeArmedFailure());
  if (request.requestName === 'StatusUpdateRequest') {
    // The portal's answer to an invoice (InvoiceStatus reconciled or rejected): taken note of.
    ctx.log.info({ payloadId: request.payloadId }, 'sandbox supplier received a status update');
    return { kind: 'cxml', httpStatus: 200, statusCode: 200, statusText: 'OK', message: 'Status update received' };
  }
  if (request.requestName !== 'OrderRequest') {
    return cxmlError(
      400,
      'Bad Request',
      'The sandbox supplier accepts an OrderRequest, a ProfileRequest or a StatusUpdateRequest.',
    );
  }
  const problem = structureProblem(request) ?? quoteProblem(request.items);
  if (problem || !request.payloadId || !request.orderId) return cxmlError(400, 'Bad Request', problem ?? '');
  const { payloadId, orderId } = request;

  const armed = takeArmedFailure();
  const failure = armed ?? failureForQuantities(request.items.map((item) => item.quantity));
  ctx.log.info({ payloadId, orderId, failure }, 'sandbox supplier received an order');
  if (!isAcceptedDespiteFailure(failure)) {
    // A resend of a document already stored is answered as before, unless a failure was armed for it.
    const known = armed ? undefined : await findSandboxOrder(ctx.db, payloadId);
    if (known) return answerForKnownOrder(known, orderId);
    if (failure === 'http500') return cxmlError(500, 'Internal Server Error', 'Simulated supplier failure.');
    if (failure === 'cxml400') return { ...cxmlError(400, 'Bad Request', 'Simulated rejection.'), httpStatus: 200 };
    return { kind: failure === 'html' ? 'html' : 'malformed' };
  }

  // Stored unless the payloadID is known: one statement for a new order and for a resend alike.
  const { row: order, isNew } = await recordSandboxOrder(ctx.db, {
    payload_id: payloadId,
    order_id: orderId,
    supplier_order_id: `SBX-${randomBytes(4).toString('hex').toUpperCase()}`,
    response_status: 200,
    deployment_mode: request.deploymentMode,
    created_at: ctx.now(),
  });
  // Its confirmation and ship notice follow later (the sandbox-supplier-documents job); planned on a
  // resend too, in case the first delivery stopped between the two statements.
  // A connection test (TEST-…) is answered like an order but never confirmed or shipped.
  if (order.order_id === orderId && !isTestOrderId(orderId)) {
    await planSandboxFollowUps(ctx, {
      orderId,
      payloadId,
      lines: request.items.map((item, index) => ({
        line_number: item.lineNumber ?? index + 1,
        quantity: item.quantity ?? 0,
        unit_price: item.unitPrice ?? '0.00',
      })),
      // A STAT order (the priority Extrinsic) is confirmed and shipped at once, for next-day delivery.
      isNextDay: request.extrinsics.Priority === 'STAT',
    });
  }
  // A resend is answered at once with the stored order: the lost answer was the failure, not the order.
  if (!isNew && !armed) return answerForKnownOrder(order, orderId);
  if (failure === 'drop') return { kind: 'drop' };
  return { ...answerForKnownOrder(order, orderId), isSlow: failure === 'slow' };
}

/** A ProfileRequest stores nothing; an armed failure shapes its answer as it would an order's. */
function answerProfileRequest(request: CxmlOrderRequestRead, armed: SandboxFailure | null): SandboxAnswer {
  if (!request.payloadId) return cxmlError(400, 'Bad Request', 'The cXML payloadID is missing.');
  if (armed === 'http500') return cxmlError(500, 'Internal Server Error', 'Simulated supplier failure.');
  if (armed === 'cxml400') return { ...cxmlError(400, 'Bad Request', 'Simulated rejection.'), httpStatus: 200 };
  if (armed === 'drop' || armed === 'malformed' || armed === 'html') return { kind: armed };
  return {
    kind: 'cxml',
    httpStatus: 200,
    statusCode: 200,
    statusText: 'OK',
    message: 'Sandbox supplier profile',
    isProfile: true,
    isSlow: armed === 'slow',
  };
}

function answerForKnownOrder(order: SandboxSupplierOrderRow, orderId: string): SandboxCxmlAnswer {
  if (order.order_id !== orderId) {
    return cxmlError(409, 'Conflict', `The payloadID was already used for order ${order.order_id}.`);
  }
  return {
    kind: 'cxml',
    httpStatus: 200,
    statusCode: 200,
    statusText: 'OK',
    message: 'Accepted',
    supplierOrderId: order.supplier_order_id,
  };
}

function cxmlError(statusCode: number, statusText: string, message: string): SandboxCxmlAnswer {
  return { kind: 'cxml', httpStatus: statusCode, statusCode, statusText, message };
}

/** The Sender's Identity and SharedSecret against the punchout settings row as it is now. */
export async function hasValidCredentials(ctx: ServiceContext, request: CxmlOrderRequestRead): Promise<boolean> {
  const settings = await selectPunchoutCredentials(ctx.db);
  if (!settings?.identity || !settings.shared_secret_encrypted) return false;
  if (request.senderIdentity === null || request.sharedSecret === null) return false;
  let expectedSecret: string;
  try {
    expectedSecret = openPunchoutSecret(settings.shared_secret_encrypted as string, ctx.config.settingsEncryptionKey);
  } catch (error) {
    ctx.log.warn({ error: describeError(error) }, 'sandbox supplier cannot decrypt the punchout shared secret');
    return false;
  }
  const isIdentityRight = request.senderIdentity === settings.identity;
  return sameSecret(request.sharedSecret, expectedSecret) && isIdentityRight;
}

/** Compares digests, so the comparison takes the same time whatever the secrets' lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function structureProblem(request: CxmlOrderRequestRead): string | null {
  if (!request.payloadId) return 'The cXML payloadID is missing.';
  if (request.payloadId.length > MAX_PAYLOAD_ID_LENGTH) return 'The cXML payloadID is too long.';
  if (!request.orderId) return 'The OrderRequestHeader orderID is missing.';
  if (request.items.length === 0) return 'The OrderRequest has no ItemOut.';
  const badLine = request.items.findIndex(
    (item) => item.quantity === null || !(item.quantity > 0) || !item.supplierPartId,
  );
  if (badLine >= 0) return `ItemOut ${badLine + 1} needs a positive quantity and a SupplierPartID.`;
  return null;
}

/** The orders the sandbox received, newest first (the e2e tests read them). */
export function listReceivedOrders(
  ctx: Pick<ServiceContext, 'db'>,
  options: Parameters<typeof listSandboxOrders>[1],
): ReturnType<typeof listSandboxOrders> {
  return listSandboxOrders(ctx.db, options);
}
