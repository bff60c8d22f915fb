import {
  sessionResponseSchema,
  ssoRoleGuessResponseSchema,
  type SessionResponse,
  type SsoRoleGuessResponse,
} from '@supply-hub/api/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient, isApiError } from '../../../lib/api-client';
import { diagnosticsKeys } from './diagnostics-keys';

/** What GET /api/auth/session says (with the SSO role guess), or the reason when there is no session (expired, disabled …). */
export type SessionStatus =
  | { state: 'checking' }
  | { state: 'signed_in'; session: SessionResponse; roleGuess: SsoRoleGuessResponse | null }
  | { state: 'signed_out'; code: string; message: string }
  | { state: 'error'; message: string };

export async function getSessionStatus(signal?: AbortSignal): Promise<SessionStatus> {
  try {
    const session = await apiClient.get('/api/auth/session', { schema: sessionResponseSchema, signal });
    // Asked only once signed in (a signed-out visit would just get a 401); only the role check needs
    // it, so without it the page still shows everything else.
    const roleGuess = await apiClient
      .get('/api/auth/sso/role-guess', { schema: ssoRoleGuessResponseSchema, signal })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return null;
      });
    return { state: 'signed_in', session, roleGuess };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (isApiError(error) && error.status === 401)
      return { state: 'signed_out', code: error.code, message: error.message };
    return { state: 'error', message: error instanceof Error ? error.message : 'Unknown error' };
  }
}

/** The server's own answer about the session (not the app's cached one), with a way to ask again. */
export function useSessionStatus(): { sessionStatus: SessionStatus; recheck(): void } {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: diagnosticsKeys.sessionStatus(),
    queryFn: ({ signal }) => getSessionStatus(signal),
  });
  // Back to 'checking' until the new answer: the page shows it is asking.
  const recheck = () => void queryClient.resetQueries({ queryKey: diagnosticsKeys.sessionStatus() });
  return { sessionStatus: data ?? { state: 'checking' }, recheck };
}
