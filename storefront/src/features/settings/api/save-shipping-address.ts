import { shippingAddressSchema, type ShippingAddress } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** PUT /api/me/shipping-address: 400 with an error per field when the server disagrees. */
export async function saveShippingAddress(address: ShippingAddress): Promise<ShippingAddress> {
  const body = await apiClient.put<{ address: unknown }>('/api/me/shipping-address', address);
  return shippingAddressSchema.parse(body.address);
}
