import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** POST /api/auth/mfa/disable (204); 409 MFA_REQUIRED for administrators when it is enforced. */
export function disableMfa(code: string): Promise<void> {
  return apiClient.post<void>('/api/auth/mfa/disable', { code });
}

/** Turns two-step sign-in off; its status is read again. */
export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.mfa() }),
  });
}
