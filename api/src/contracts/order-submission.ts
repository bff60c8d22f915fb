import { fulfilmentStatusSchema, fulfilmentSummarySchema, orderFulfilmentSchema } from './fulfilment.js';
import { z } from 'zod';

import { approvalProgressSchema } from './approvals.js';

import { MAX_LINE_QUANTITY } from './cart.js';
import { orderStatusSchema } from './orders.js';
import { urgentRequestSchema } from './stat-orders.js';
import { deliveryNoteSchema } from './supplier-text.js';

/**
 * Why an order for a requester without a shipping address is refused (422 SHIPPING_ADDRESS_REQUIRED):
 * the address is kept on the storefront's Settings page (/settings).
 */
export const SHIPPING_ADDRESS_REQUIRED_MESSAGE = 'Add your shipping address in Settings before you order.';

/** Only ASIN and quantity count; the server prices every line itself (decisions.md). */
export const orderSubmissionSchema = z.object({
  lines: z
    .array(
      z.object({
        asin: z.string().trim().min(1).max(40),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
      }),
    )
    .max(200, 'An order can have at most 200 lines'),
  /** Lines the supplier's PunchOut shop put in the cart, ordered as quoted. */
  supplier_item_ids: z.array(z.uuid('Each supplier item id must be a UUID')).max(200).optional(),
  /** A STAT order, needed today, with the reason why (contracts/stat-orders.ts). */
  urgent: urgentRequestSchema.optional(),
  /** Delivery instructions for the supplier, up to 500 characters; refused when they seem to hold patient data. */
  delivery_note: deliveryNoteSchema,
});
export type OrderSubmission = z.infer<typeof orderSubmissionSchema>;

export const idempotencyKeySchema = z
  .string({ error: 'The Idempotency-Key header is required' })
  .regex(/^[A-Za-z0-9_.:-]{8,200}$/, 'The Idempotency-Key header must be 8–200 letters, digits or _ . : -');

/** An approver's decision not to order a line: why, who, when; null for a line ordered. */
export const lineRejectionSchema = z
  .strictObject({
    reason: z.string(),
    rejected_by: z.string(),
    rejected_at: z.string(),
    level: z.number().int(),
  })
  .meta({ id: 'LineRejection' });
export type LineRejection = z.infer<typeof lineRejectionSchema>;

/**
 * A PunchOut line priced more than the invoice price tolerance below the last price Supply Hub saw for
 * the same supplier part and unit: that earlier price, and the order it was bought on (null when it
 * was only returned in a PunchOut cart, never ordered). The price came through the requester's
 * browser, so the approver is shown the drop.
 */
export const supplierPriceDropSchema = z
  .strictObject({
    previous_unit_price: z.string(),
    previous_order_number: z.string().nullable(),
    previous_seen_at: z.string(),
  })
  .meta({ id: 'SupplierPriceDrop' });
export type SupplierPriceDrop = z.infer<typeof supplierPriceDropSchema>;

export const orderLineSchema = z
  .strictObject({
    id: z.string(),
    line_number: z.number().int(),
    product_id: z.string().nullable(),
    asin: z.string(),
    sku: z.string().nullable(),
    title: z.string(),
    image_url: z.string().nullable(),
    quantity: z.number().int(),
    unit_price: z.string(),
    total_price: z.string(),
    rejection: lineRejectionSchema.nullable(),
    /**
     * A line bought in the supplier's PunchOut shop: priced as the supplier quoted it,
     * with its unit and the supplier's quote reference; null for a catalogue line.
     */
    supplier_quote: z
      .strictObject({
        unit_of_measure: z.string(),
        reference: z.string().nullable(),
        price_drop: supplierPriceDropSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'OrderLine' });

export const orderSchema = z
  .strictObject({
    id: z.string(),
    order_number: z.string(),
    display_seq: z.number().int(),
    user_id: z.string(),
    user_email: z.string(),
    requester_name: z.string(),
    status: z.string(),
    rejection_reason: z.string().nullable(),
    total_amount: z.string(),
    notes: z.string().nullable(),
    delivery_location: z.string(),
    priority: z.string(),
    /** A STAT order (needed today) and why; false and null otherwise. */
    is_urgent: z.boolean(),
    urgent_reason: z.string().nullable(),
    /** Delivery instructions sent to the supplier with the order; null when none. */
    delivery_note: z.string().nullable(),
    created_at: z.string(),
    lines: z.array(orderLineSchema),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/**
 * An order as the back office sees it: with the requester's ship-to (null when none is saved) and
 * its approvals so far and the levels it still waits for.
 */
export const adminOrderSchema = orderSchema
  .extend({
    ship_to_status: z
      .strictObject({ city: z.string(), state: z.string(), postal_code: z.string(), full_name: z.string() })
      .nullable(),
    /** The order's fulfilment after the supplier (null until submitted), as the back office lists it. */
    fulfilment_status: fulfilmentStatusSchema.nullable(),
    is_overdue: z.boolean(),
    expected_delivery_date: z.string().nullable(),
    approval: approvalProgressSchema,
    /** Let through over its department's warn budget: shown to approvers. */
    over_budget: z.boolean(),
    /** Let through over the requester's monthly limit under a warn budget. */
    over_limit: z.boolean(),
    /** The requester's per-order limit at submission; an order over it needs one extra approval. */
    order_limit: z.string().nullable(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/orders/:id: the order with its fulfilment (lines' quantities, shipments, timeline). */
export const orderDetailSchema = orderSchema.extend({ fulfilment: orderFulfilmentSchema }).meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /api/orders/:id. */
export const orderIdParamsSchema = z.object({ id: z.uuid() });
/** GET /api/orders: the caller's own orders, optionally of one status. */
export const ownOrdersQuerySchema = z.object({ status: orderStatusSchema.optional() });
/** An order of a list, with its fulfilment in brief: null until the order has been sent to the supplier. */
export const listedOrderSchema = orderSchema
  .extend({ fulfilment_summary: fulfilmentSummarySchema.nullable() })
  .meta({ id: 'ListedOrder' });
export type ListedOrder = z.infer<typeof listedOrderSchema>;
export const ownOrderListSchema = z.strictObject({ data: z.array(listedOrderSchema) });

/** GET /api/receiving/orders: a page of the sent orders not yet received in full. */
export const receivingOrdersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReceivingOrdersQuery = z.infer<typeof receivingOrdersQuerySchema>;
export const receivingOrderListSchema = z.strictObject({
  data: z.array(orderSchema.extend({ fulfilment_summary: fulfilmentSummarySchema })),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ReceivingOrderList = z.infer<typeof receivingOrderListSchema>;
/** The Idempotency-Key header of POST /api/orders. */
export const orderSubmissionHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema });

/** provider-portal §5: first and last name, then username, then e-mail, then 'Unknown User'. */
export function requesterDisplayName(input: {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  email?: string | null;
}): string {
  const fullName = [input.first_name, input.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return fullName || input.username?.trim() || input.email?.trim() || 'Unknown User';
}

/** The department an order shows: its delivery_location, 'Medical' when unset or 'Default'. */
export function displayDepartment(deliveryLocation: string | null | undefined): string {
  return !deliveryLocation || deliveryLocation === 'Default' ? 'Medical' : deliveryLocation;
}
