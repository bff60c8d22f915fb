import { shippingAddressSchema, type ShippingAddress } from '@supply-hub/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** PUT /api/me/shipping-address: 400 with an error per field when the server disagrees. */
export async function saveShippingAddress(address: ShippingAddress): Promise<ShippingAddress> {
  const body = await apiClient.put<{ address: unknown }>('/api/me/shipping-address', address);
  return shippingAddressSchema.parse(body.address);
}

/** Saves the address; the saved one replaces the cached address (the card shows it at once). */
export function useSaveShippingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingAddress,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.shippingAddress(), saved),
  });
}
