import type { SessionResponse } from '@supply-hub/api/contracts';

import { apiClient, isApiError } from '../../../lib/api-client';

/** GET /api/auth/session, or null when there is no valid session (401). */
export async function getSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  try {
    return await apiClient.get<SessionResponse>('/api/auth/session', { signal, preloadable: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
