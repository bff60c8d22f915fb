import { healthResponseSchema, type HealthResponse } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/health: database, demo mode and version, for the production readiness checklist. */
export function getServerHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiClient.get('/api/health', { schema: healthResponseSchema, signal });
}
