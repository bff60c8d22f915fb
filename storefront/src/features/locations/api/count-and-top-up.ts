import { cartSchema, countAnswerSchema, type Cart, type CountAnswer, type CountLine } from '@supply-hub/api/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { useRefreshCart } from '../../cart';

/** POST /api/locations/:id/counts: records the count, answers its top-up in packs. */
export function recordCount(locationId: string, counts: CountLine[]): Promise<CountAnswer> {
  return apiClient.post(
    `/api/locations/${encodeURIComponent(locationId)}/counts`,
    { counts },
    { schema: countAnswerSchema },
  );
}

/** POST /api/locations/:id/counts/:countId/add-to-cart: the top-up goes into the caller's cart. */
export function addCountToCart(locationId: string, countId: string): Promise<Cart> {
  return apiClient.post(
    `/api/locations/${encodeURIComponent(locationId)}/counts/${encodeURIComponent(countId)}/add-to-cart`,
    undefined,
    { schema: cartSchema },
  );
}

/** One tap: the count is recorded, then its top-up lands in the cart, which the shell then shows. */
export function useCountAndAddToCart(locationId: string) {
  const refreshCart = useRefreshCart();
  return useMutation({
    mutationFn: async (counts: CountLine[]) => {
      const count = await recordCount(locationId, counts);
      if (count.lines.length > 0) await addCountToCart(locationId, count.id);
      return count;
    },
    onSuccess: () => refreshCart(),
  });
}
