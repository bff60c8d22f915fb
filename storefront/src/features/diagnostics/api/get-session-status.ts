import { sessionResponseSchema, type SessionResponse } from '@supply-hub/api/contracts';

import { apiClient, isApiError } from '../../../lib/api-client';

/** What GET /api/auth/session says, with the reason when there is no session (expired, disabled …). */
export type SessionStatus =
  | { state: 'checking' }
  | { state: 'signed_in'; session: SessionResponse }
  | { state: 'signed_out'; code: string; message: string }
  | { state: 'error'; message: string };

export async function getSessionStatus(signal?: AbortSignal): Promise<SessionStatus> {
  try {
    return {
      state: 'signed_in',
      session: await apiClient.get('/api/auth/session', { schema: sessionResponseSchema, signal }),
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (isApiError(error) && error.status === 401)
      return { state: 'signed_out', code: error.code, message: error.message };
    return { state: 'error', message: error instanceof Error ? error.message : 'Unknown error' };
  }
}
