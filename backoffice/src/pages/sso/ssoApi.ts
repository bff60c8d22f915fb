import type {
  SsoMetadata,
  SsoMetadataImport,
  SsoProviderCreate,
  SsoProviderView,
  SsoTestSignInResult,
} from '@supply-hub/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { httpClient } from '../../providers/httpClient';

const BASE = '/api/admin/sso';

async function send<T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<T> {
  const { json } = await httpClient(`${BASE}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json as T;
}

const providerPath = (id: string) => `/providers/${encodeURIComponent(id)}`;
const PROVIDERS_KEY = ['sso-providers'];

/** GET /api/admin/sso/providers (the first 200; a hospital has a handful). */
export function useSsoProviders() {
  return useQuery({
    queryKey: PROVIDERS_KEY,
    queryFn: () => send<SsoProviderView[]>(`/providers?${new URLSearchParams({ range: '[0,199]' })}`, 'GET'),
  });
}

/** POST (new) or PUT (existing) a provider; the list is read again after. */
export function useSaveSsoProvider(existingId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SsoProviderCreate) =>
      existingId
        ? send<SsoProviderView>(providerPath(existingId), 'PUT', values)
        : send<SsoProviderView>('/providers', 'POST', values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY }),
  });
}

/** The enable, disable and delete commands. */
export function useSsoProviderCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: 'enable' | 'disable' | 'delete' }) =>
      command === 'delete'
        ? send<{ id: string }>(providerPath(id), 'DELETE')
        : send<SsoProviderView>(`${providerPath(id)}/${command}`, 'POST', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY }),
  });
}

export function importSsoMetadata(input: SsoMetadataImport): Promise<SsoMetadata> {
  return send<SsoMetadata>('/metadata-import', 'POST', input);
}

export function startSsoTestSignIn(id: string): Promise<{ test_id: string; redirect_url: string }> {
  return send(`${providerPath(id)}/test-sign-in`, 'POST', {});
}

/** A test sign-in's report, read again every 2 s while the IdP has not answered. */
export function useSsoTestSignIn(testId: string | undefined) {
  return useQuery({
    queryKey: ['sso-test-sign-in', testId],
    queryFn: () => send<SsoTestSignInResult>(`/test-sign-ins/${encodeURIComponent(testId ?? '')}`, 'GET'),
    enabled: Boolean(testId),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}
