import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export interface SignInProviders {
  oidc: { enabled: boolean; name: string };
}

const DEFAULT_OIDC_NAME = 'Google';
const NONE: SignInProviders = { oidc: { enabled: false, name: DEFAULT_OIDC_NAME } };

/** GET /api/auth/providers. Any failure (not wired yet, offline) means: no social sign-in. */
export async function getSignInProviders(signal?: AbortSignal): Promise<SignInProviders> {
  try {
    const data = await apiClient.get<unknown>('/api/auth/providers', { signal });
    const oidc = (data as { oidc?: { enabled?: unknown; name?: unknown } } | undefined)?.oidc;
    return {
      oidc: {
        enabled: oidc?.enabled === true,
        name: typeof oidc?.name === 'string' && oidc.name ? oidc.name : DEFAULT_OIDC_NAME,
      },
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return NONE;
  }
}

/** The sign-in methods the server offers; null until it has answered. */
export function useSignInProviders(): SignInProviders | null {
  const { data } = useQuery({
    queryKey: authKeys.signInProviders(),
    queryFn: ({ signal }) => getSignInProviders(signal),
  });
  return data ?? null;
}
