import type { defaultShipToSchema } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

type DefaultShipTo = ReturnType<typeof defaultShipToSchema.parse>;

/** PUT /api/me/default-ship-to: free text, stored on the caller's own profile (null when empty). */
export function saveDefaultShipTo(defaultShipTo: string): Promise<DefaultShipTo> {
  return apiClient.put('/api/me/default-ship-to', { default_ship_to: defaultShipTo });
}
