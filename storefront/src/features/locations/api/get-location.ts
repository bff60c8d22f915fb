import { locationDetailSchema, type LocationDetail } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/** GET /api/locations/:id: the stock list to walk, with each item's title, image and price. */
export function getLocation(id: string, signal?: AbortSignal): Promise<LocationDetail> {
  return apiClient.get(`/api/locations/${encodeURIComponent(id)}`, { signal, schema: locationDetailSchema });
}

export function useLocation(id: string) {
  return useQuery({ queryKey: locationKeys.one(id), queryFn: ({ signal }) => getLocation(id, signal) });
}
