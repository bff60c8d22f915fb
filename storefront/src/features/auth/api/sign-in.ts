import type { SignInInput } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

export interface SignedInResponse {
  status: 'signed_in';
  user: { id: string; email: string };
}

/** POST /api/auth/login: starts a cookie session. */
export function signIn(input: SignInInput): Promise<SignedInResponse> {
  return apiClient.post<SignedInResponse>('/api/auth/login', input);
}
