import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/logout: ends the server session and clears its cookie (204). */
export function signOut(): Promise<void> {
  return apiClient.post<void>('/api/auth/logout');
}
