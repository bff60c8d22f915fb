import type { MyLocation } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/**
 * GET /api/locations: the locations of the caller's department. Read without a schema: the shell
 * asks it (for the navigation entry), and zod stays out of the first page.
 */
export function getMyLocations(signal?: AbortSignal): Promise<MyLocation[]> {
  return apiClient.get<MyLocation[]>('/api/locations', { signal });
}

export function useMyLocations() {
  return useQuery({
    queryKey: locationKeys.mine(),
    queryFn: ({ signal }) => getMyLocations(signal),
    staleTime: 60_000,
  });
}
