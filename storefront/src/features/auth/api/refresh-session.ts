import type { SessionResponse } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/refresh: extends the session; answers the session body with a new expires_at. */
export function refreshSession(): Promise<SessionResponse> {
  return apiClient.post<SessionResponse>('/api/auth/refresh');
}
