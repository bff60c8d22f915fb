import type { SignInInput } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

export interface SignedInResponse {
  status: 'signed_in';
  user: { id: string; email: string };
}

/**
 * 'mfa_required': the password was right, a second step (POST /api/auth/mfa/verify) starts the session.
 * 'mfa_enrollment_required': signed in, but the back office stays locked until TOTP is set up.
 */
export type SignInResponse =
  | SignedInResponse
  | { status: 'mfa_required' }
  | { status: 'mfa_enrollment_required'; user: { id: string; email: string } };

/** POST /api/auth/login: starts a cookie session, or the second step of one. */
export function signIn(input: SignInInput): Promise<SignInResponse> {
  return apiClient.post<SignInResponse>('/api/auth/login', input);
}
