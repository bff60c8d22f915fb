import { emailSchema } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

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

/** Wait this long after the last keystroke before asking the server (one request per pause, not per key). */
export const SSO_DISCOVERY_DEBOUNCE_MS = 400;

/**
 * decisions.md: the SAML provider configured for the typed e-mail's domain, or null. Only a match by
 * domain counts here; the okta fallbacks of the chain are for the health page's drill.
 */
export function useSsoDiscovery(email: string): string | null {
  const parsed = emailSchema.safeParse(email);
  const normalizedEmail = parsed.success ? parsed.data : null;
  const askedEmail = useDebouncedValue(normalizedEmail, SSO_DISCOVERY_DEBOUNCE_MS);
  const { data } = useQuery({
    queryKey: authKeys.ssoDiscovery(askedEmail ?? ''),
    queryFn: ({ signal }) => discoverSsoProvider(askedEmail ?? '', signal),
    enabled: askedEmail !== null,
    // A failed discovery means no provider: nothing to ask again.
    retry: false,
  });
  // An answer about an earlier e-mail never enables the button for the current one.
  if (!data || askedEmail !== normalizedEmail) return null;
  return data.matched_by === 'domain' ? data.provider_id : null;
}
