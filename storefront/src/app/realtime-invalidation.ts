import { useQueryClient, type QueryKey } from '@tanstack/react-query';

import { productKeys } from '../features/catalogue/api/product-keys';
import { IMAGE_UPDATED_EVENT } from '../features/catalogue/image-updated-event';
import { orderKeys } from '../features/orders';
import { profileKeys } from '../features/profile/api/profile-keys';
import { useServerEvent } from '../hooks/use-server-event';

/** provider-portal §9: product reload debounce; one refetch for a bulk change, not hundreds. */
const PRODUCT_EVENT_DEBOUNCE_MS = 500;
const ORDER_EVENT_DEBOUNCE_MS = 200;

/**
 * The signed-in shell's realtime stream turned into invalidations: screens showing the affected
 * queries refetch them, others read fresh data when next shown. (The session provider re-reads the
 * session itself on 'profile.updated'; the user's own records under ['me'] are invalidated here.)
 */
export function useRealtimeInvalidation(): void {
  const queryClient = useQueryClient();
  const invalidate = (queryKey: QueryKey) => () => void queryClient.invalidateQueries({ queryKey });
  useServerEvent('profile.updated', invalidate(profileKeys.all));
  useServerEvent('order.updated', invalidate(orderKeys.all), { debounceMs: ORDER_EVENT_DEBOUNCE_MS });
  // An image uploaded in this tab is announced by the browser's own event as well.
  useServerEvent('product.changed', invalidate(productKeys.all), {
    debounceMs: PRODUCT_EVENT_DEBOUNCE_MS,
    windowEvent: IMAGE_UPDATED_EVENT,
  });
}
