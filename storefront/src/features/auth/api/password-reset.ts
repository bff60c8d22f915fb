import type {
  PasswordResetCheckInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
} from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** The server's neutral answer: the same whether or not the e-mail has an account. */
export interface PasswordResetMessage {
  message: string;
}

/** POST /api/auth/password-reset/request: mails a reset link if the account exists (202). */
export function requestPasswordReset(input: PasswordResetRequestInput): Promise<PasswordResetMessage> {
  return apiClient.post<PasswordResetMessage>('/api/auth/password-reset/request', input);
}

/** POST /api/auth/password-reset/confirm: sets the new password with the mailed link's token. */
export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<PasswordResetMessage> {
  return apiClient.post<PasswordResetMessage>('/api/auth/password-reset/confirm', input);
}

/** POST /api/auth/password-reset/check: 204 while the link can be used, 400 RESET_TOKEN_INVALID once not. */
export async function checkPasswordReset(input: PasswordResetCheckInput): Promise<void> {
  await apiClient.post<undefined>('/api/auth/password-reset/check', input);
}
