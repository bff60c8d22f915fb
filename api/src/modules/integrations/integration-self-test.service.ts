import {
  AB_LOG_ACTIONS,
  selfTestRequestSchema,
  type SelfTestResult,
  type SubmissionStage,
} from '../../contracts/supplier.js';
import type { ServiceContext } from '../../context.js';
import {
  SHARED_SECRET_PLACEHOLDER,
  buildProfileRequestXml,
  withSharedSecretRedacted,
  type CxmlRequestHeader,
} from '../supplier/cxml/cxml-request-document.js';
import { newPayloadId } from '../supplier/cxml/cxml-response-builder.js';
import { readCxmlResponse } from '../supplier/cxml/cxml-response.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import { bodyPreview, classifySubmission } from '../supplier/submission-outcome.rules.js';
import { postCxml, SupplierTransportError, type SupplierHttpResponse } from '../supplier/supplier-http.js';
import { insertAbLog, selectOutboundCredentials } from './integrations.queries.js';

const MISSING_SETTINGS = 'Punchout settings are missing: set them in Settings.';
/** Headers that say nothing about the integration and may carry the supplier's own tokens. */
const HIDDEN_HEADERS = new Set(['set-cookie', 'authorization', 'proxy-authenticate', 'www-authenticate']);
const MAX_HEADERS = 30;

/**
 * The integration self-test (admin-portal §3, §7 ab-self-test, §8): sends a cXML ProfileRequest
 * — which orders nothing — to the configured punchout URL through the same outbound client as an
 * order (allowlist, 5 s connect, 30 s in all, no redirects), and reports what came back. The
 * shared secret is redacted from everything returned and logged. One ab_logs row per run.
 */
export async function runIntegrationSelfTest(ctx: ServiceContext, rawInput: unknown): Promise<SelfTestResult> {
  const { useTestMode } = selfTestRequestSchema.parse(rawInput ?? {});
  const settings = await selectOutboundCredentials(ctx.db);
  const rawTarget = useTestMode ? (settings?.test_punchout_url ?? settings?.punchout_url) : settings?.punchout_url;
  if (!settings?.identity || !settings.shared_secret_encrypted || !rawTarget) {
    const result = failure(
      { testMode: useTestMode, targetUrl: rawTarget ? withoutUserInfo(rawTarget) : null },
      {
        stage: 'config',
        error: MISSING_SETTINGS,
      },
    );
    await logRun(ctx, result, { requestXml: null, responseBody: null });
    return result;
  }

  const secret = openPunchoutSecret(settings.shared_secret_encrypted, ctx.config.settingsEncryptionKey);
  const hide = (text: string) => hideSecret(text, secret);
  const targetUrl = hide(withoutUserInfo(rawTarget));
  const payloadId = newPayloadId(ctx.now(), 'supplyhub');
  const profileRequest: CxmlRequestHeader = {
    payloadId,
    timestamp: ctx.now(),
    deploymentMode: useTestMode ? 'test' : 'production',
    fromIdentity: settings.identity,
    toIdentity: settings.supplier_identity ?? ctx.config.supplier.identity,
    senderIdentity: settings.identity,
    sharedSecret: secret,
    userAgent: 'Supply Hub self-test',
  };
  const xml = buildProfileRequestXml(profileRequest);
  const redactedXml = buildProfileRequestXml(withSharedSecretRedacted(profileRequest));

  let response: SupplierHttpResponse;
  try {
    response = await postCxml(rawTarget, xml, {
      allowedHosts: ctx.config.supplier.allowedHosts,
      totalTimeoutMs: ctx.config.supplier.totalTimeoutMs,
    });
  } catch (error) {
    if (!(error instanceof SupplierTransportError)) throw error;
    const result = failure(
      { testMode: useTestMode, targetUrl },
      { stage: 'send', error: hide(error.message), latencyMs: error.latencyMs, payloadId },
    );
    await logRun(ctx, result, { requestXml: redactedXml, responseBody: null });
    return result;
  }

  const cxml = readCxmlResponse(response.body);
  const outcome = classifySubmission({ httpStatus: response.httpStatus, cxml, transportError: null });
  const isHttpOk = response.httpStatus >= 200 && response.httpStatus < 300;
  const success = outcome.kind === 'accepted' && isHttpOk;
  const cxmlText = cxml ? `${cxml.statusCode} ${cxml.statusText}`.trim() : null;
  const error = success
    ? null
    : hide(outcome.kind === 'accepted' ? `HTTP ${response.httpStatus} with cXML ${cxmlText}` : outcome.message);
  const result: SelfTestResult = {
    success,
    httpStatus: response.httpStatus,
    status: cxml?.statusCode ?? null,
    testMode: useTestMode,
    targetUrl,
    error,
    diagnostics: {
      stage: success ? 'done' : 'response',
      request: 'ProfileRequest',
      latencyMs: response.latencyMs,
      payloadId,
      cxmlStatusText: cxml ? hide(cxml.statusText) : null,
    },
    message: success ? `The supplier answered the ProfileRequest: ${hide(cxmlText ?? '')}` : (error ?? ''),
    responseHeaders: visibleHeaders(response.headers, hide),
    responsePreview: response.body ? hide(bodyPreview(response.body) ?? '') : null,
  };
  await logRun(ctx, result, { requestXml: redactedXml, responseBody: hide(response.body) });
  return result;
}

function failure(
  base: { testMode: boolean; targetUrl: string | null },
  details: {
    stage: Exclude<SubmissionStage, 'address' | 'done'>;
    error: string;
    latencyMs?: number;
    payloadId?: string;
  },
): SelfTestResult {
  return {
    success: false,
    httpStatus: null,
    status: null,
    testMode: base.testMode,
    targetUrl: base.targetUrl,
    error: details.error,
    diagnostics: {
      stage: details.stage,
      request: 'ProfileRequest',
      latencyMs: details.latencyMs ?? 0,
      payloadId: details.payloadId ?? null,
      cxmlStatusText: null,
    },
    message: details.error,
    responseHeaders: {},
    responsePreview: null,
  };
}

async function logRun(
  ctx: ServiceContext,
  result: SelfTestResult,
  texts: { requestXml: string | null; responseBody: string | null },
): Promise<void> {
  await insertAbLog(ctx.db, {
    order_id: null,
    action: AB_LOG_ACTIONS.selfTest,
    status: result.success ? 'success' : 'failed',
    http_status: result.httpStatus,
    test_mode: result.testMode,
    payload_id: result.diagnostics.payloadId,
    target_url: result.targetUrl,
    error: result.error?.slice(0, 1000) ?? null,
    request_xml: texts.requestXml,
    response_body: texts.responseBody?.slice(0, 20_000) ?? null,
    request_summary: JSON.stringify({
      mode: 'self-test',
      latencyMs: result.diagnostics.latencyMs,
      diagnostics: result.message.slice(0, 300),
    }),
    created_at: ctx.now(),
  });
}

/** A URL with any user:password@ part removed; an unparsable one is shown as it is (it was refused). */
function withoutUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** A supplier that echoes the request back must not carry the secret into the browser or the log. */
function hideSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join(SHARED_SECRET_PLACEHOLDER) : text;
}

function visibleHeaders(headers: Record<string, string>, hide: (text: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !HIDDEN_HEADERS.has(name))
      .slice(0, MAX_HEADERS)
      .map(([name, value]) => [name, hide(value).slice(0, 300)]),
  );
}
