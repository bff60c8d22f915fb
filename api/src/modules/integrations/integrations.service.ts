import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

import type { IntegrationStatus, PaapiTestResult } from '../../contracts/admin-integrations.js';
import type { ServiceContext } from '../../context.js';
import { selectKeptValue, upsertKeptValue } from './integrations.queries.js';

const PAAPI_LAST_TEST_KEY = 'paapi_last_test';

/** Business-purchasing API: enabled only when every credential is configured. */
export function describeBusinessApi(ctx: ServiceContext): IntegrationStatus['business_api'] {
  const { clientId, clientSecret, refreshToken, marketplace } = ctx.config.businessApi;
  const presence = {
    client_id: Boolean(clientId),
    client_secret: Boolean(clientSecret),
    refresh_token: Boolean(refreshToken),
    marketplace: Boolean(marketplace),
  };
  return { enabled: Object.values(presence).every(Boolean), presence };
}

/** admin-portal §2.10: Configured only when the flag and all three values are present. */
export async function describeProductAdvertisingApi(
  ctx: ServiceContext,
): Promise<IntegrationStatus['product_advertising_api']> {
  const api = ctx.config.productAdvertisingApi;
  const checklist = {
    enabled: api.isEnabled,
    partner_tag: Boolean(api.partnerTag),
    access_key: Boolean(api.accessKey),
    secret_key: Boolean(api.secretKey),
  };
  const last = await selectKeptValue<PaapiTestResult>(ctx.db, PAAPI_LAST_TEST_KEY);
  return {
    checklist,
    status: Object.values(checklist).every(Boolean) ? 'Configured' : 'Disabled',
    last_test: last ?? null,
  };
}

/** A GetItems request signed with AWS Signature V4; the outcome is kept for the health page. */
export async function testProductAdvertisingApi(ctx: ServiceContext): Promise<PaapiTestResult> {
  const api = ctx.config.productAdvertisingApi;
  let result: PaapiTestResult;
  if (!api.isEnabled || !api.accessKey || !api.secretKey || !api.partnerTag) {
    result = { status: 'FAIL', at: ctx.now().toISOString(), error: 'not_configured', http_status: null };
  } else {
    const body = JSON.stringify({
      ItemIds: ['B07QXM3Z9K'],
      PartnerTag: api.partnerTag,
      PartnerType: 'Associates',
      Resources: ['ItemInfo.Title'],
    });
    const signer = new SignatureV4({
      service: 'ProductAdvertisingAPI',
      region: api.region,
      credentials: { accessKeyId: api.accessKey, secretAccessKey: api.secretKey },
      sha256: Sha256,
    });
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'https:',
      hostname: api.host,
      path: '/paapi5/getitems',
      headers: {
        host: api.host,
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'amz-1.0',
        'x-amz-target': 'com.amazon.paapi5.v1.ProductAdvertisingAPIv1.GetItems',
      },
      body,
    });
    try {
      const response = await fetch(`https://${api.host}/paapi5/getitems`, {
        method: 'POST',
        headers: signed.headers as Record<string, string>,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      result = {
        status: response.ok ? 'PASS' : 'FAIL',
        at: ctx.now().toISOString(),
        error: response.ok ? null : `HTTP ${response.status}`,
        http_status: response.status,
      };
    } catch (error) {
      result = {
        status: 'FAIL',
        at: ctx.now().toISOString(),
        error: error instanceof Error ? error.message : String(error),
        http_status: null,
      };
    }
  }
  await upsertKeptValue(ctx.db, PAAPI_LAST_TEST_KEY, result, ctx.now());
  return result;
}
