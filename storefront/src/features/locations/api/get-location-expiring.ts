import { expiringLotListSchema, type ExpiringLotList } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

const WITHIN_DAYS = 90;

const expiringPath = (id: string) => `/api/locations/${encodeURIComponent(id)}/expiring`;

/** GET /api/locations/:id/expiring: the lots delivered to the location that expire within 90 days. */
export function getLocationExpiring(id: string, signal?: AbortSignal): Promise<ExpiringLotList> {
  return apiClient.get(`${expiringPath(id)}?within_days=${WITHIN_DAYS}`, { signal, schema: expiringLotListSchema });
}

/** The same list as CSV: a plain link, so the browser (and a phone) downloads it with the session cookie. */
export function locationExpiringCsvUrl(id: string): string {
  return `${expiringPath(id)}/export?within_days=${WITHIN_DAYS}`;
}

export function useLocationExpiring(id: string) {
  return useQuery({
    queryKey: locationKeys.expiring(id),
    queryFn: ({ signal }) => getLocationExpiring(id, signal),
  });
}
