import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { diagnosticsKeys } from './diagnostics-keys';

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

export type SsoProvidersState =
  { state: 'loading' } | { state: 'loaded'; providers: SsoProviderSummary[] } | { state: 'error'; message: string };

export function useSsoProviders(): SsoProvidersState {
  const { data, error } = useQuery({
    queryKey: diagnosticsKeys.ssoProviders(),
    queryFn: ({ signal }) => getSsoProviders(signal),
  });
  if (data) return { state: 'loaded', providers: data };
  if (error) return { state: 'error', message: error.message };
  return { state: 'loading' };
}
