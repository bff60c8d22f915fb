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

export const cartReplaceSchema = z.object({
  items: z.array(cartLineInputSchema).max(200),
  /** The supplier's lines to keep (Clear sends none); left out, they stay as they are. */
  supplier_item_ids: z.array(z.uuid('Each supplier item id must be a UUID')).max(200).optional(),
});
export const cartAddSchema = z.object({
  asin: z.string().trim().min(1).max(40),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY),
});

/**
 * A line bought in the supplier's PunchOut shop: not a catalogue product, priced as
 * the supplier quoted it, its quantity as returned (shop again to change it).
 */
export const supplierCartItemSchema = z
  .strictObject({
    id: z.string(),
    supplier_part_id: z.string(),
    supplier_part_auxiliary_id: z.string().nullable(),
    description: z.string(),
    unit_price: z.string().describe('As quoted by the supplier, USD'),
    quantity: z.number().int(),
    unit_of_measure: z.string(),
    manufacturer_name: z.string().nullable(),
    added_at: z.string(),
  })
  .meta({ id: 'SupplierCartItem' });
export type SupplierCartItem = z.infer<typeof supplierCartItemSchema>;

export const cartSchema = z
  .strictObject({
    items: z.array(z.strictObject({ product: productSchema, quantity: z.number().int(), added_at: z.string() })),
    supplier_items: z.array(supplierCartItemSchema),
    /** Units in the cart, catalogue and supplier lines together. */
    item_count: z.number().int(),
    /** Changes whenever the cart changes: the client derives its order Idempotency-Key from it. */
    version: z.string(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;
