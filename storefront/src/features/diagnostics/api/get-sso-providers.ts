import { apiClient } from '../../../lib/api-client';

export interface SsoProviderSummary {
  id: string;
  entity_id: string;
  domains: string[];
}

/** GET /api/auth/sso/providers: the enabled SAML providers, without their certificates. */
export async function getSsoProviders(signal?: AbortSignal): Promise<SsoProviderSummary[]> {
  const data = await apiClient.get<{ providers?: SsoProviderSummary[] }>('/api/auth/sso/providers', { signal });
  return data?.providers ?? [];
}
