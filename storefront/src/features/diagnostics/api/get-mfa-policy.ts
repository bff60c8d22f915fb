import { apiClient } from '../../../lib/api-client';

export interface MfaPolicy {
  enabled: boolean;
  /** True when the deployment enforces two-step sign-in for administrators (and this user is one). */
  required: boolean;
}

/** GET /api/auth/mfa, read by an administrator: whether two-step sign-in is enforced for admins. */
export function getMfaPolicy(signal?: AbortSignal): Promise<MfaPolicy> {
  return apiClient.get<MfaPolicy>('/api/auth/mfa', { signal });
}
