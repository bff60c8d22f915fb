import type { EffectiveRole, Profile, Role } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient, isApiError } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

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

export type OwnProfileState =
  { status: 'loading' } | { status: 'loaded'; profile: OwnProfile } | { status: 'not_found' } | { status: 'error' };

/** The Profile screen's data, read once the viewer may see it; 404 means onboarding has not written it. */
export function useOwnProfile(isEnabled: boolean): OwnProfileState {
  const { data, error } = useQuery({
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => getOwnProfile(signal),
    enabled: isEnabled,
  });
  if (data) return { status: 'loaded', profile: data };
  if (error) return { status: isApiError(error) && error.status === 404 ? 'not_found' : 'error' };
  return { status: 'loading' };
}
