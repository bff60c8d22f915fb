import type { HealthResponse, SelfTestRequest, SelfTestResult, SessionResponse } from '@supply-hub/api/contracts';

import { httpClient } from './httpClient';
import type { IntegrationProbeAnswer, SandboxSupplierOrder } from './records';

/**
 * Calls of the health pages and the QA runner outside the admin REST API: the public health and
 * session endpoints, SSO discovery, the integration proxies and the demo sandbox supplier. Each
 * failure is an HttpError carrying the API's body, as from the data provider.
 */
async function getJson<T>(url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const { json } = await httpClient(url, {
    method: init.method ?? 'GET',
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return json as T;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export interface SsoDiscovery {
  provider_id: string | null;
  matched_by: string | null;
  chain: string[];
}

export interface SsoProviderSummary {
  id: string;
  entity_id: string;
  domains: string[];
}

/** A raw answer, for checks whose pass rule is about the status and the content type. */
export interface RawAnswer {
  status: number;
  contentType: string;
  body: unknown;
}

/** A random v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Catalogue ASINs for the integration tests; any ASIN will do, the answer is about the configuration. */
export const SAMPLE_ASINS = ['B07QXM3Z9K', 'B0FZ251NTO'];

export const probes = {
  getHealth: () => getJson<HealthResponse>('/api/health'),
  getSession: () => getJson<SessionResponse>('/api/auth/session'),
  discoverSso: (email: string) => getJson<SsoDiscovery>(`/api/auth/sso/discover?${query({ email })}`),
  getSsoProviders: async () =>
    (await getJson<{ providers?: SsoProviderSummary[] }>('/api/auth/sso/providers')).providers ?? [],
  getAbProducts: (asins: readonly string[] = SAMPLE_ASINS) =>
    getJson<IntegrationProbeAnswer>(`/api/ab/products?${query({ asins: asins.join(',') })}`),
  postAbOrder: (asin: string = SAMPLE_ASINS[0] ?? '') =>
    getJson<IntegrationProbeAnswer>('/api/ab/order', {
      method: 'POST',
      body: { items: [{ asin, quantity: 1 }], notes: 'Integration health test' },
    }),
  getImageProxy: (asins: readonly string[] = SAMPLE_ASINS) =>
    getJson<IntegrationProbeAnswer>(`/api/amazon/images?${query({ asins: asins.join(',') })}`),
  /** admin-portal §7 ab-self-test: a cXML ProfileRequest to the punchout URL; orders nothing. */
  runIntegrationSelfTest: (request: SelfTestRequest = { test: true, useTestMode: true }) =>
    getJson<SelfTestResult>('/api/admin/integrations/self-test', { method: 'POST', body: request }),
  /** What the demo sandbox supplier received for an order number (demo mode only). */
  getSandboxOrders: (orderNumber: string) =>
    getJson<SandboxSupplierOrder[]>(`/sandbox/supplier/orders?${query({ order_id: orderNumber })}`),

  /**
   * The delete-user endpoint, probed with a random UUID that names no account, so nothing is ever
   * deleted: the answer shows whether the endpoint is there and speaks JSON.
   */
  async probeDeleteUser(): Promise<RawAnswer> {
    const response = await fetch('/api/admin/delete-user', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: randomUuid() }),
    });
    const contentType = response.headers.get('Content-Type') ?? '';
    const body: unknown = contentType.includes('json') ? await response.json().catch(() => null) : null;
    return { status: response.status, contentType, body };
  },
};
