import type { QueryClient } from '@tanstack/react-query';

import { cartKeys } from './cart-keys';

/**
 * Which optimistic cart changes the server has answered. A change's answer is written to ['cart']
 * a moment before the change stops being pending; the view skips a change once its answer is in,
 * or it would be drawn twice (on top of its own result) for a render.
 */
const landedChangeIds = new Set<number>();
let lastChangeId = 0;

export function newCartChangeId(): number {
  lastChangeId += 1;
  return lastChangeId;
}

export function hasLanded(changeId: number): boolean {
  return landedChangeIds.has(changeId);
}

/** Writes the server's cart after change `changeId` and marks that change as drawn by it. */
export function landCartChange<T>(queryClient: QueryClient, changeId: number, cart: T): void {
  landedChangeIds.add(changeId);
  queryClient.setQueryData(cartKeys.all, cart);
}
