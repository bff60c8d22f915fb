import { profileSchema, type OnboardingInput, type Profile } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** PUT /api/profile/onboarding: saves the names and marks onboarding completed. */
export function completeOnboarding(input: OnboardingInput): Promise<Profile> {
  return apiClient.put('/api/profile/onboarding', input, { schema: profileSchema });
}
