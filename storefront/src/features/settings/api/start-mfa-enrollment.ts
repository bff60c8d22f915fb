import { apiClient } from '../../../lib/api-client';

export interface MfaEnrollment {
  otpauth_url: string;
  /** Base32, for entering by hand when the QR code cannot be scanned. */
  secret: string;
  /** A PNG data URL of the otpauth URL. */
  qr_data_url: string;
}

/** POST /api/auth/mfa/enroll: a new pending secret (409 MFA_ALREADY_ENABLED when one is confirmed). */
export function startMfaEnrollment(): Promise<MfaEnrollment> {
  return apiClient.post<MfaEnrollment>('/api/auth/mfa/enroll');
}
