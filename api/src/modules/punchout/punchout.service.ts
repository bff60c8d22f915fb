import { randomBytes } from 'node:crypto';

import type { PunchoutSession } from '../../contracts/punchout.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { CxmlParseError } from '../supplier/cxml/cxml.types.js';
import { dtdProblemOnDemand } from '../supplier/cxml/cxml-dtd-on-demand.js';
import {
  buildPunchOutSetupRequestXml,
  readPunchOutOrderMessage,
  readPunchOutSetupResponse,
} from '../supplier/cxml/cxml-punchout.js';
import { newPayloadId } from '../supplier/cxml/cxml-response-builder.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import { postCxml, SupplierTransportError } from '../supplier/supplier-http.js';
import { keepReturnedPrices } from './punchout-prices.service.js';
import * as queries from './punchout.queries.js';
import {
  checkReturnedCart,
  PUNCHOUT_SESSION_MINUTES,
  returnedDocument,
  sessionProblem,
  type ReturnedCartLine,
} from './punchout.rules.js';

/** Where the supplier's page posts the cart back: the contract other tools rely on (docs/punchout.md). */
export const PUNCHOUT_RETURN_PATH = '/api/cxml/punchout/return';
/** The supplier's shop opens in the browser; a slow setup answer must not hold the user long. */
const SETUP_TIMEOUT_MS = 15_000;
const UNAVAILABLE = "The supplier's shop cannot be reached just now. Please try again in a few minutes.";

/**
 * "Shop at supplier": sends a PunchOutSetupRequest (operation create, a fresh BuyerCookie, our
 * return URL, the user's e-mail and department) to the supplier's PunchOut URL and keeps the session;
 * the answer is the StartPage the browser goes to. Nothing is kept when the supplier says no.
 */
export async function startPunchoutSession(ctx: ServiceContext, userId: string): Promise<PunchoutSession> {
  const [settings, shopper] = await Promise.all([
    queries.selectShopSettings(ctx.db),
    queries.selectShopper(ctx.db, userId),
  ]);
  if (!settings?.shop_setup_url || !settings.identity || !settings.shared_secret_encrypted) {
    throw AppError.conflict(
      'PUNCHOUT_NOT_CONFIGURED',
      "Shopping at the supplier is not set up. An administrator sets the supplier's PunchOut shopping URL in Settings.",
    );
  }
  if (!shopper?.onboarding_approved) {
    throw new AppError(403, 'ACCOUNT_NOT_APPROVED', 'Your account is waiting for admin approval.');
  }
  const now = ctx.now();
  const buyerCookie = randomBytes(24).toString('base64url');
  const payloadId = newPayloadId(now, 'supplyhub');
  const xml = buildPunchOutSetupRequestXml(
    {
      payloadId,
      timestamp: now,
      deploymentMode: settings.test_mode ? 'test' : 'production',
      fromIdentity: settings.identity,
      toIdentity: settings.supplier_identity ?? ctx.config.supplier.identity,
      senderIdentity: settings.identity,
      sharedSecret: openPunchoutSecret(settings.shared_secret_encrypted, ctx.config.settingsEncryptionKey),
      userAgent: 'Supply Hub',
    },
    {
      buyerCookie,
      browserFormPostUrl: `${ctx.config.publicUrl}${PUNCHOUT_RETURN_PATH}`,
      supplierSetupUrl: settings.shop_setup_url,
      userEmail: shopper.email,
      userName: [shopper.first_name, shopper.last_name].filter(Boolean).join(' '),
      department: shopper.department_name,
    },
  );
  const startPage = await askForStartPage(ctx, settings.shop_setup_url, xml);
  const expiresAt = new Date(now.getTime() + PUNCHOUT_SESSION_MINUTES * 60_000);
  await queries.insertSession(ctx.db, {
    user_id: userId,
    buyer_cookie: buyerCookie,
    payload_id: payloadId,
    start_page: startPage,
    created_at: now,
    expires_at: expiresAt,
  });
  ctx.log.info({ payloadId }, 'punchout session started');
  return { start_page: startPage, expires_at: expiresAt.toISOString() };
}

async function askForStartPage(ctx: ServiceContext, setupUrl: string, xml: string): Promise<string> {
  let body: string;
  try {
    const response = await postCxml(setupUrl, xml, {
      allowedHosts: ctx.config.supplier.allowedHosts,
      totalTimeoutMs: Math.min(SETUP_TIMEOUT_MS, ctx.config.supplier.totalTimeoutMs),
    });
    body = response.body;
  } catch (error) {
    if (!(error instanceof SupplierTransportError)) throw error;
    ctx.log.warn({ failure: error.kind }, 'punchout setup: the supplier did not answer');
    throw new AppError(502, 'SUPPLIER_UNAVAILABLE', UNAVAILABLE);
  }
  let answer;
  try {
    answer = readPunchOutSetupResponse(body);
  } catch (error) {
    if (!(error instanceof CxmlParseError)) throw error;
    throw new AppError(502, 'SUPPLIER_UNAVAILABLE', UNAVAILABLE);
  }
  const startPage = answer.startPage?.trim() ?? '';
  if (answer.statusCode < 200 || answer.statusCode >= 300 || !/^https?:\/\//i.test(startPage)) {
    ctx.log.warn({ statusCode: answer.statusCode }, 'punchout setup refused by the supplier');
    throw new AppError(
      502,
      'PUNCHOUT_REFUSED',
      `The supplier's shop did not open a session (cXML ${answer.statusCode} ${answer.statusText}).`.replace(' )', ')'),
    );
  }
  return startPage;
}

export type PunchoutReturnOutcome =
  { kind: 'added'; itemCount: number } | { kind: 'refused'; status: number; message: string };

/**
 * The supplier's page posts the cart back (POST /api/cxml/punchout/return). The document is read
 * with the safe parser, held to cXML.dtd and to our rules (checkReturnedCart), and its BuyerCookie
 * must name an open session: then, in one transaction, the session is closed and its lines enter
 * the cart of the user who opened it. Any refusal adds nothing.
 */
export async function receivePunchoutReturn(
  ctx: ServiceContext,
  form: Record<string, unknown>,
): Promise<PunchoutReturnOutcome> {
  const refused = (message: string, status = 400): PunchoutReturnOutcome => ({ kind: 'refused', status, message });
  const document = returnedDocument(form);
  if (!document.ok) return refused(document.problem);
  let message;
  try {
    message = readPunchOutOrderMessage(document.value);
  } catch (error) {
    if (!(error instanceof CxmlParseError)) throw error;
    return refused(`The returned cart is not a readable cXML document: ${error.message}.`);
  }
  if (!message) return refused('The returned document is not a PunchOutOrderMessage.');
  const invalid = await dtdProblemOnDemand(document.value, 'cXML.dtd');
  if (invalid) return refused(invalid);
  const supplierIdentity = await queries.selectSupplierIdentity(ctx.db, ctx.config.supplier.identity);
  const checked = checkReturnedCart(message, { supplierIdentity, currency: 'USD' });
  if (!checked.ok) return refused(checked.problem);
  const buyerCookie = message.buyerCookie?.trim() ?? '';
  const now = ctx.now();
  const lines = checked.value;

  const outcome = await ctx.db.transaction(async (trx): Promise<PunchoutReturnOutcome> => {
    const session = buyerCookie ? await queries.claimSession(trx, buyerCookie, lines.length, now) : undefined;
    if (!session) {
      const known = buyerCookie ? await queries.selectSessionByCookie(trx, buyerCookie) : undefined;
      return refused(sessionProblem(known, now) ?? 'This shopping session is not open.', known ? 409 : 400);
    }
    if (!(await queries.selectActiveShopper(trx, session.user_id))) {
      return refused('The account that started this shopping session is no longer active.', 403);
    }
    await queries.insertCartLines(trx, session, lines, now);
    await keepReturnedPrices(ctx, trx, session.id, lines.map(quotedPart), now);
    await recordAudit(
      { ...ctx, actor: { kind: 'user', userId: session.user_id, label: 'PunchOut return' } },
      {
        action: 'punchout.return',
        targetType: 'punchout_session',
        targetId: session.id,
        details: { item_count: lines.length },
      },
      trx,
    );
    return { kind: 'added', itemCount: lines.length };
  });
  if (outcome.kind === 'refused') ctx.log.warn({ status: outcome.status }, 'punchout return refused');
  return outcome;
}

function quotedPart(line: ReturnedCartLine) {
  return {
    line_number: line.lineNumber,
    supplier_part_id: line.supplierPartId,
    unit_of_measure: line.unitOfMeasure,
    unit_price: line.unitPrice,
  };
}

/** Abandoned shopping sessions are forgotten a day after they expired (the expired-session-cleanup job). */
export function deleteAbandonedPunchoutSessions(ctx: ServiceContext): Promise<number> {
  return queries.deleteAbandonedSessions(ctx.db, new Date(ctx.now().getTime() - 24 * 60 * 60_000));
}
