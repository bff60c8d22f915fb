/** The cart's query key; its changes share it as their mutation key. */
export const cartKeys = {
  all: ['cart'] as const,
};

/**
 * Every cart change runs in this scope: one request at a time, each on the cart the previous one
 * left, so quick clicks never race (TanStack Query runs mutations of one scope in order).
 */
export const CART_MUTATION = { mutationKey: cartKeys.all, scope: { id: 'cart' } } as const;
