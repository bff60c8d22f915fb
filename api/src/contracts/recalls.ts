import { z } from 'zod';

/**
 * Recall lookup: a manufacturer recalls a lot; which wards received it? The item is
 * named by its GTIN, its ASIN or a scan of the recalled pack (whose element string may carry the lot).
 */
export const recallQuerySchema = z.strictObject({
  code: z
    .string({ error: 'Enter a GTIN, an ASIN or scan the pack' })
    .trim()
    .min(1, 'Enter a GTIN, an ASIN or scan the pack')
    .max(200),
  lot: z.string().trim().max(100).optional(),
});
export type RecallQuery = z.infer<typeof recallQuerySchema>;

export const recallReceiptSchema = z.strictObject({
  order_id: z.string(),
  order_number: z.string(),
  /** Where the order was delivered (its delivery location). */
  location: z.string().nullable(),
  department: z.string().nullable(),
  requester_email: z.string(),
  received_by: z.string(),
  received_at: z.string(),
  quantity: z.number().int(),
  expiry_date: z.string().nullable(),
  condition: z.string(),
  /** Received with less than the item's minimum remaining shelf life, after a confirmation. */
  short_shelf_life: z.boolean(),
});
export type RecallReceipt = z.infer<typeof recallReceiptSchema>;

export const recallLookupSchema = z.strictObject({
  asin: z.string(),
  title: z.string(),
  lot: z.string(),
  receipts: z.array(recallReceiptSchema),
  /** Units received in all. */
  total_quantity: z.number().int(),
});
export type RecallLookup = z.infer<typeof recallLookupSchema>;

export const RECALL_CSV_FIELDS = [
  'order_number',
  'location',
  'department',
  'requester_email',
  'received_by',
  'received_at',
  'quantity',
  'expiry_date',
  'condition',
  'short_shelf_life',
] as const satisfies readonly (keyof RecallReceipt)[];

/** POST /api/admin/recalls/notify: the requesters of the orders that received the lot are e-mailed. */
export const recallNotifySchema = recallQuerySchema.extend({
  message: z.string().trim().max(2000).optional(),
});

export const recallNotifiedSchema = z.strictObject({
  notified: z.number().int(),
  orders: z.number().int(),
});
