import { demoMailboxSchema, type DemoMailbox } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/demo/mailbox: the demo's recent mail, to one address when given (404 outside demo mode). */
export function getDemoMailbox(to: string, signal?: AbortSignal): Promise<DemoMailbox> {
  const query = to ? `?${new URLSearchParams({ to }).toString()}` : '';
  return apiClient.get<DemoMailbox>(`/api/demo/mailbox${query}`, { schema: demoMailboxSchema, signal });
}
