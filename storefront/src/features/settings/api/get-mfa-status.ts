import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

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

export type MfaStatusState =
  { state: 'loading' } | { state: 'loaded'; status: MfaStatus } | { state: 'error'; message: string };

/** The two-step sign-in status; `reload` keeps showing the last status while it asks again (no flicker). */
export function useMfaStatus(): { mfa: MfaStatusState; reload(): void } {
  const { data, error, refetch } = useQuery({
    queryKey: settingsKeys.mfa(),
    queryFn: ({ signal }) => getMfaStatus(signal),
  });
  const mfa: MfaStatusState = error
    ? { state: 'error', message: error.message }
    : data
      ? { state: 'loaded', status: data }
      : { state: 'loading' };
  return { mfa, reload: () => void refetch() };
}
