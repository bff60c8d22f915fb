import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** POST /api/auth/mfa/confirm: turns two-step sign-in on; the ten recovery codes are returned this once. */
export function confirmMfaEnrollment(code: string): Promise<{ recovery_codes: string[] }> {
  return apiClient.post<{ recovery_codes: string[] }>('/api/auth/mfa/confirm', { code });
}

/** Turns two-step sign-in on; its status is read again. */
export function useConfirmMfaEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMfaEnrollment,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.mfa() }),
  });
}
