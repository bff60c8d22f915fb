import { shippingAddressSchema, type ShippingAddress } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/me/shipping-address: the caller's one shipping address, or null before the first save. */
export async function getShippingAddress(signal?: AbortSignal): Promise<ShippingAddress | null> {
  const body = await apiClient.get<{ address: unknown }>('/api/me/shipping-address', { signal });
  return body.address === null ? null : shippingAddressSchema.parse(body.address);
}

export type ShippingAddressState =
  { status: 'loading' } | { status: 'loaded'; address: ShippingAddress | null } | { status: 'error' };

/** The user's shipping address (a save puts the saved one in the cache: useSaveShippingAddress). */
export function useShippingAddress(): ShippingAddressState {
  const { data, isError } = useQuery({
    queryKey: settingsKeys.shippingAddress(),
    queryFn: ({ signal }) => getShippingAddress(signal),
  });
  if (data !== undefined) return { status: 'loaded', address: data };
  return isError ? { status: 'error' } : { status: 'loading' };
}
