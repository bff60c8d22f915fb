import { useQueryClient } from '@tanstack/react-query';

import { cartKeys } from './cart-keys';

/** For another feature that changed the cart on the server (a count's top-up): read it again. */
export function useRefreshCart(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cartKeys.all });
}
