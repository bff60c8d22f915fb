import type { SignUpInput } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';
import type { SignedInResponse } from './sign-in';

/** The same answer whether or not the e-mail has an account: the e-mail says what comes next. */
export interface SignUpRequestedResponse {
  status: 'check_email';
  message: string;
}

/** POST /api/auth/signup: mails a link that creates the account (202). */
export function signUp(input: SignUpInput): Promise<SignUpRequestedResponse> {
  return apiClient.post<SignUpRequestedResponse>('/api/auth/signup', input);
}

/** POST /api/auth/signup/confirm: the mailed link; creates the account and signs it in (201). */
export function confirmSignUp(token: string): Promise<SignedInResponse> {
  return apiClient.post<SignedInResponse>('/api/auth/signup/confirm', { token });
}
