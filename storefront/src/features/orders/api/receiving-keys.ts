import { orderKeys } from './order-keys';

/**
 * Query keys of the receiving page, under ['orders'] so that the same invalidations
 * refresh them; apart from order-keys.ts, which the first page loads (app/realtime-invalidation).
 */
export const receivingKeys = {
  page: (page: number) => [...orderKeys.all, 'receiving', 'page', page] as const,
  detail: (id: string) => [...orderKeys.all, 'receiving', 'detail', id] as const,
};
