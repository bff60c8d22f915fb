import { apiClient } from '../../../lib/api-client';

export interface MfaStatus {
  enabled: boolean;
  /** Administrators cannot turn it off when the deployment enforces it. */
  required: boolean;
  recovery_codes_left: number;
}

/** GET /api/auth/mfa: the signed-in user's two-step sign-in. */
export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return apiClient.get<MfaStatus>('/api/auth/mfa', { signal });
}
