import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/mfa/confirm: turns two-step sign-in on; the ten recovery codes are returned this once. */
export function confirmMfaEnrollment(code: string): Promise<{ recovery_codes: string[] }> {
  return apiClient.post<{ recovery_codes: string[] }>('/api/auth/mfa/confirm', { code });
}
