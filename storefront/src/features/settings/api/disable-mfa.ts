import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/mfa/disable (204); 409 MFA_REQUIRED for administrators when it is enforced. */
export function disableMfa(code: string): Promise<void> {
  return apiClient.post<void>('/api/auth/mfa/disable', { code });
}
