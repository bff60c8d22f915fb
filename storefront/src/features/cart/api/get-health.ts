import type { HealthResponse } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/health: read here only for `demo_mode`, which enables the catalogue's ?qa=1 shortcut. */
export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiClient.get<HealthResponse>('/api/health', { signal });
}
