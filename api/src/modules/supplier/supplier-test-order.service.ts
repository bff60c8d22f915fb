import { AB_LOG_ACTIONS } from '../../contracts/supplier.js';
import type { SupplierTestOrderResult } from '../../contracts/settings.js';
import type { ServiceContext } from '../../context.js';
import { recordAudit } from '../audit/audit.service.js';
import { dtdProblemOnDemand } from './cxml/cxml-dtd-on-demand.js';
import { buildOrderRequestXml } from './cxml/cxml-order-request.js';
import { withSharedSecretRedacted } from './cxml/cxml-request-document.js';
import { newPayloadId } from './cxml/cxml-response-builder.js';
import { readCxmlResponse } from './cxml/cxml-response.js';
import { openPunchoutSecret } from './punchout-secret.js';
import { classifySubmission } from './submission-outcome.rules.js';
import { postCxml, SupplierTransportError } from './supplier-http.js';
import { insertAbLog, selectTestOrderSettings } from './supplier.queries.js';
import { buildTestOrderInput, withoutSecret } from './test-order.rules.js';

const MISSING_SETTINGS =
  'The supplier settings are incomplete: set the order URL, our identity and the shared secret in Settings → Punchout.';

/**
 * Sends one OrderRequest in deploymentMode "test" to the supplier — to the test URL when one is set,
 * else the order URL — through the same outbound client as a real order (allowlist, timeouts, no
 * redirects), after checking it against the cXML DTD, and reports the supplier's answer: the HTTP
 * status and the cXML Status code, text and message. Nothing is ordered in the portal; one
 * integration-log row and one audit row record the run (the shared secret in neither).
 */
export async function sendTestOrderRequest(ctx: ServiceContext): Promise<SupplierTestOrderResult> {
  const settings = await selectTestOrderSettings(ctx.db);
  const targetUrl = settings?.test_punchout_url ?? settings?.punchout_url ?? null;
  const empty: SupplierTestOrderResult = {
    ok: false,
    target_url: targetUrl,
    deployment_mode: 'test',
    payload_id: null,
    order_id: null,
    http_status: null,
    cxml_status_code: null,
    cxml_status_text: null,
    cxml_message: null,
    error: null,
  };
  if (!settings?.identity || !settings.shared_secret_encrypted || !targetUrl) {
    return finish(ctx, { ...empty, error: MISSING_SETTINGS }, null, null);
  }
  const secret = openPunchoutSecret(settings.shared_secret_encrypted, ctx.config.settingsEncryptionKey);
  const hide = (text: string) => withoutSecret(text, secret);
  const now = ctx.now();
  const input = buildTestOrderInput(
    {
      payloadId: newPayloadId(now, 'supplyhub'),
      timestamp: now,
      fromIdentity: settings.identity,
      toIdentity: settings.supplier_identity ?? ctx.config.supplier.identity,
      senderIdentity: settings.identity,
      sharedSecret: secret,
      userAgent: 'Supply Hub connection test',
    },
    {
      name: settings.company_name,
      street: settings.bill_to_street,
      city: settings.bill_to_city,
      state: settings.bill_to_state,
      postalCode: settings.bill_to_postal_code,
      countryCode: settings.bill_to_country,
    },
    now,
  );
  const xml = buildOrderRequestXml(input);
  const redactedXml = buildOrderRequestXml(withSharedSecretRedacted(input));
  const started = { ...empty, payload_id: input.payloadId, order_id: input.orderId };
  const invalid = await dtdProblemOnDemand(xml, 'cXML.dtd');
  if (invalid) return finish(ctx, { ...started, error: `Not sent: ${invalid}` }, redactedXml, null);

  try {
    const response = await postCxml(targetUrl, xml, {
      allowedHosts: ctx.config.supplier.allowedHosts,
      totalTimeoutMs: ctx.config.supplier.totalTimeoutMs,
    });
    const cxml = readCxmlResponse(response.body);
    const outcome = classifySubmission({ httpStatus: response.httpStatus, cxml, transportError: null });
    const ok = outcome.kind === 'accepted' && response.httpStatus >= 200 && response.httpStatus < 300;
    const answered: SupplierTestOrderResult = {
      ...started,
      ok,
      http_status: response.httpStatus,
      cxml_status_code: cxml?.statusCode ?? null,
      cxml_status_text: cxml ? hide(cxml.statusText) : null,
      cxml_message: cxml?.message ? hide(cxml.message) : null,
      error: ok
        ? null
        : hide(
            outcome.kind === 'accepted' ? `HTTP ${response.httpStatus} with cXML ${outcome.message}` : outcome.message,
          ),
    };
    return finish(ctx, answered, redactedXml, hide(response.body));
  } catch (error) {
    if (!(error instanceof SupplierTransportError)) throw error;
    return finish(ctx, { ...started, error: hide(error.message) }, redactedXml, null);
  }
}

async function finish(
  ctx: ServiceContext,
  result: SupplierTestOrderResult,
  requestXml: string | null,
  responseBody: string | null,
): Promise<SupplierTestOrderResult> {
  await ctx.db.transaction(async (trx) => {
    await insertAbLog(trx, {
      order_id: null,
      action: AB_LOG_ACTIONS.selfTest,
      status: result.ok ? 'success' : 'failed',
      http_status: result.http_status,
      test_mode: true,
      payload_id: result.payload_id,
      target_url: result.target_url,
      error: result.error?.slice(0, 1000) ?? null,
      request_xml: requestXml,
      response_body: responseBody?.slice(0, 20_000) ?? null,
      request_summary: JSON.stringify({ mode: 'test-order', order_id: result.order_id }),
      created_at: ctx.now(),
    });
    await recordAudit(
      ctx,
      {
        action: 'settings.punchout.test_order',
        targetType: 'settings',
        targetId: 'punchout',
        outcome: result.ok ? 'success' : 'failure',
        details: { http_status: result.http_status, cxml_status_code: result.cxml_status_code },
      },
      trx,
    );
  });
  return result;
}
