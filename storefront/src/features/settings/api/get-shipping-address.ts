import { shippingAddressSchema, type ShippingAddress } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/me/shipping-address: the caller's one shipping address, or null before the first save. */
export async function getShippingAddress(signal?: AbortSignal): Promise<ShippingAddress | null> {
  const body = await apiClient.get<{ address: unknown }>('/api/me/shipping-address', { signal });
  return body.address === null ? null : shippingAddressSchema.parse(body.address);
}
