import { punchoutSettingsViewSchema, type PunchoutSettingsView } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/admin/settings/punchout (admins): the secret comes back masked only. */
export function getPunchoutSettings(signal?: AbortSignal): Promise<PunchoutSettingsView> {
  return apiClient.get('/api/admin/settings/punchout', { schema: punchoutSettingsViewSchema, signal });
}
