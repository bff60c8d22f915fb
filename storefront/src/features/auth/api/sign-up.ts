import type { SignUpInput } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';
import type { SignedInResponse } from './sign-in';

/** POST /api/auth/signup: creates the account and signs it in (201). */
export function signUp(input: SignUpInput): Promise<SignedInResponse> {
  return apiClient.post<SignedInResponse>('/api/auth/signup', input);
}
