import { apiClient } from '../../../lib/api-client';
import type { SignedInResponse } from './sign-in';

/**
 * POST /api/auth/mfa/verify: the second step of a sign-in, with a 6-digit code or a recovery code.
 * 401 MFA_CODE_INVALID for a wrong code; 401 MFA_SESSION_EXPIRED when the password step is too old.
 */
export function verifyMfa(code: string): Promise<SignedInResponse> {
  return apiClient.post<SignedInResponse>('/api/auth/mfa/verify', { code });
}
