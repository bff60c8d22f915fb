import type { EffectiveRole, Profile, Role } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/**
 * The Profile screen's data. The contracts have no schema for this answer yet, so it is typed
 * from the profile schema plus the fields only this endpoint returns, and not checked at run time.
 */
export type OwnProfile = Omit<Profile, 'user_id' | 'avatar_url'> & {
  npi: string | null;
  license_number: string | null;
  specialty: string | null;
  practice_address: string | null;
  email: string;
  roles: Role[];
  effective_role: EffectiveRole;
};

/** GET /api/me/profile: the caller's own profile; 404 PROFILE_NOT_FOUND before onboarding wrote it. */
export function getOwnProfile(signal?: AbortSignal): Promise<OwnProfile> {
  return apiClient.get<OwnProfile>('/api/me/profile', { signal });
}
