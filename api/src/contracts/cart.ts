import { z } from 'zod';

import { MAX_LINE_QUANTITY } from './cart.rules.js';
import { productSchema } from './products.js';

// The limit lives in cart.rules.ts, so a frontend can use it without loading zod.
export * from './cart.rules.js';

/** A quantity of 0 or less removes the line (provider-portal §5). */
export const cartLineInputSchema = z.object({
  asin: z.string().trim().min(1).max(40),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
});

export const cartReplaceSchema = z.object({ items: z.array(cartLineInputSchema).max(200) });
export const cartAddSchema = z.object({
  asin: z.string().trim().min(1).max(40),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY),
});

export const cartSchema = z
  .strictObject({
    items: z.array(z.strictObject({ product: productSchema, quantity: z.number().int(), added_at: z.string() })),
    item_count: z.number().int(),
    /** Changes whenever the cart changes: the client derives its order Idempotency-Key from it. */
    version: z.string(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;
