import { apiClient } from '../../../lib/api-client';

export type SsoMatch = 'domain' | 'okta_sso' | 'okta_tile';

export interface SsoDiscovery {
  provider_id: string | null;
  matched_by: SsoMatch | null;
  chain: SsoMatch[];
}

/** GET /api/auth/sso/discover: which SAML provider serves an e-mail (domain, then the fallback chain). */
export function discoverSsoProvider(email: string, signal?: AbortSignal): Promise<SsoDiscovery> {
  return apiClient.get<SsoDiscovery>(`/api/auth/sso/discover?email=${encodeURIComponent(email)}`, { signal });
}
