import { z } from 'zod';

/**
 * Fulfilment: what happened to a submitted order after the supplier (docs/supplier-integration.md).
 * A second, derived dimension beside the spec's status; computed from line quantities, never set by hand.
 */
export const FULFILMENT_STATUSES = [
  'awaiting_confirmation',
  'confirmed',
  'partially_confirmed',
  'backordered',
  'rejected_by_supplier',
  'partially_shipped',
  'shipped',
  'partially_received',
  'received',
] as const;
export const fulfilmentStatusSchema = z.enum(FULFILMENT_STATUSES);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatusSchema>;

export const ORDER_EVENT_TYPES = [
  'submitted',
  'approved',
  'rejected',
  'lines_rejected',
  'sent',
  'send_failed',
  'confirmed',
  'backordered',
  'rejected_by_supplier',
  'confirmation_updated',
  'shipped',
  'shipment_updated',
  'shipment_withdrawn',
  'supplier_status',
  'received',
] as const;
export const orderEventTypeSchema = z.enum(ORDER_EVENT_TYPES);
export type OrderEventType = z.infer<typeof orderEventTypeSchema>;

const isoDateTime = z.string();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const lineReviewSchema = z.strictObject({
  old_unit_price: z.string(),
  new_unit_price: z.string().nullable(),
  old_supplier_part_id: z.string(),
  new_supplier_part_id: z.string().nullable(),
});
export type LineReview = z.infer<typeof lineReviewSchema>;

export const fulfilmentLineSchema = z.strictObject({
  line_number: z.number().int(),
  asin: z.string(),
  title: z.string(),
  ordered: z.number().int(),
  confirmed_quantity: z.number().int(),
  backordered_quantity: z.number().int(),
  delivery_date: isoDateTime.nullable(),
  rejected_quantity: z.number().int(),
  rejection_reason: z.string().nullable(),
  shipped_quantity: z.number().int(),
  received_quantity: z.number().int(),
  /** A supplier's price change or substitution, never applied silently. */
  needs_review: lineReviewSchema.nullable(),
  /** Lot and expiry from the ship notices' Batch elements, to pre-fill receiving. */
  lots: z.array(z.strictObject({ lot: z.string().nullable(), expiry_date: isoDate.nullable() })),
});
export type FulfilmentLine = z.infer<typeof fulfilmentLineSchema>;

export const shipmentSchema = z.strictObject({
  shipment_id: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  shipment_date: isoDateTime.nullable(),
  delivery_date: isoDateTime.nullable(),
  lines: z.array(
    z.strictObject({
      line_number: z.number().int(),
      quantity: z.number().int(),
      lot: z.string().nullable(),
      expiry_date: isoDate.nullable(),
    }),
  ),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderEventSchema = z.strictObject({
  type: orderEventTypeSchema,
  actor: z.string(),
  at: isoDateTime,
  details: z.record(z.string(), z.unknown()),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderFulfilmentSchema = z.strictObject({
  /** null until the order has been sent to the supplier. */
  fulfilment_status: fulfilmentStatusSchema.nullable(),
  is_closed: z.boolean(),
  is_overdue: z.boolean(),
  expected_delivery_date: isoDateTime.nullable(),
  lines: z.array(fulfilmentLineSchema),
  shipments: z.array(shipmentSchema),
  events: z.array(orderEventSchema),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

/**
 * GET /api/orders and GET /api/receiving/orders: a sent order's fulfilment in brief, enough for its
 * progress line, tracking links, backorder dates and "Received in full" without the full detail
 * (GET /api/orders/:id has the lines, lots and timeline). Derived exactly as the detail is.
 */
export const fulfilmentSummarySchema = z
  .strictObject({
    fulfilment_status: fulfilmentStatusSchema,
    is_closed: z.boolean(),
    is_overdue: z.boolean(),
    expected_delivery_date: isoDateTime.nullable(),
    /** The current shipments, oldest first (the first is the order's first tracking). */
    tracking: z.array(
      shipmentSchema.pick({ shipment_id: true, carrier: true, tracking_number: true, tracking_url: true }),
    ),
    backorders: z.array(
      z.strictObject({
        line_number: z.number().int(),
        quantity: z.number().int(),
        delivery_date: isoDateTime.nullable(),
        /** Of the backordered units, how many are still not received (0 once they arrived). */
        outstanding: z.number().int(),
      }),
    ),
    rejections: z.array(
      z.strictObject({ line_number: z.number().int(), quantity: z.number().int(), reason: z.string().nullable() }),
    ),
    /**
     * Per line, what is still to be received: ordered minus rejected by the supplier minus received;
     * `not_shipped` of it no ship notice has shipped yet, `backordered` of those the supplier backordered.
     */
    to_receive: z.array(
      z.strictObject({
        line_number: z.number().int(),
        quantity: z.number().int(),
        not_shipped: z.number().int(),
        backordered: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'FulfilmentSummary' });
export type FulfilmentSummary = z.infer<typeof fulfilmentSummarySchema>;

export const RECEIPT_CONDITIONS = ['ok', 'damaged', 'short'] as const;

/** POST /api/orders/:id/receipts: what arrived, per line. */
export const receiptRequestSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            line_number: z.number().int().min(1).max(100_000),
            quantity: z
              .number()
              .int('Quantity must be a whole number')
              .min(1, 'Quantity must be at least 1')
              .max(100_000),
            condition: z.enum(RECEIPT_CONDITIONS).default('ok'),
            note: z.string().trim().max(500, 'A note is at most 500 characters').optional(),
            lot: z.string().trim().max(100).optional(),
            expiry_date: isoDate.optional(),
          })
          .strict(),
      )
      .min(1, 'Record at least one line')
      .max(500),
    /**
     * The receiver saw the short-shelf-life warning and takes the stock anyway;
     * without it a lot expiring within its item's minimum remaining shelf life is refused with 409.
     */
    confirm_short_shelf_life: z.boolean().optional(),
  })
  .strict();
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>;

/**
 * POST /api/orders/:id/receipts/in-full: "Received in full". Receives what the ship notices shipped
 * and is not yet received; units not shipped yet (backordered, or with no ship notice) only with
 * include_not_shipped, after the receiver was asked.
 */
export const receiveInFullRequestSchema = z.object({ include_not_shipped: z.boolean().default(false) }).strict();
export type ReceiveInFullRequest = z.infer<typeof receiveInFullRequestSchema>;

/** The code of the 409 when nothing shipped remains and the rest was not shipped: the client asks. */
export const RECEIPT_NOT_SHIPPED = 'RECEIPT_NOT_SHIPPED';

/** A line's units not shipped yet, in that 409's `details.not_shipped`. */
export const notShippedLineSchema = z.strictObject({
  line_number: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  backordered: z.number().int(),
});
export type NotShippedLine = z.infer<typeof notShippedLineSchema>;

/** The code of the 409 that asks to confirm short-dated stock; clients branch on it. */
export const RECEIPT_SHORT_SHELF_LIFE = 'RECEIPT_SHORT_SHELF_LIFE';

/** The code of the 409 for receiving more of a line than the supplier did not reject. */
export const RECEIPT_REJECTED_BY_SUPPLIER = 'RECEIPT_REJECTED_BY_SUPPLIER';

/**
 * A received line whose lot expires within its item's minimum remaining shelf life: in the 409's
 * `details.short_shelf_life`, and (confirmed) in the `received` event's lines as `short_shelf_life: true`.
 */
export const shortShelfLifeLineSchema = z.strictObject({
  /** The line's position in the request's `lines`. */
  index: z.number().int(),
  line_number: z.number().int(),
  title: z.string(),
  lot: z.string().nullable(),
  expiry_date: isoDate,
  /** Days from the company's today to the expiry date; negative when the lot has expired. */
  days_remaining: z.number().int(),
  min_shelf_life_days: z.number().int(),
});
export type ShortShelfLifeLine = z.infer<typeof shortShelfLifeLineSchema>;

/** An inbound supplier document as the integration log keeps it (the shared secret redacted). */
export const inboundDocumentLogSchema = z.strictObject({
  payload_id: z.string().nullable(),
  document_type: z.string().nullable(),
  status_code: z.number().int(),
  status_text: z.string(),
  message: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  received_at: isoDateTime,
  raw_document: z.string().nullable(),
});
export type InboundDocumentLog = z.infer<typeof inboundDocumentLogSchema>;

/** A row of GET /api/admin/inbound-documents: the inbound log beside the outbound submission log. */
export const inboundDocumentLogEntrySchema = inboundDocumentLogSchema
  .extend({ id: z.string(), order_id: z.string().nullable(), order_number: z.string().nullable() })
  .meta({ id: 'InboundDocumentLogEntry' });
export type InboundDocumentLogEntry = z.infer<typeof inboundDocumentLogEntrySchema>;
/** The sort fields and filters of GET /api/admin/inbound-documents (newest first by default). */
export const INBOUND_DOCUMENT_SORTS = ['received_at'] as const;
export const inboundDocumentFilterSchema = z.object({ order_id: z.uuid().optional() });

/** GET /api/admin/orders/:id/fulfilment: the order's fulfilment and the supplier documents about it, newest first. */
export const adminOrderFulfilmentSchema = z.strictObject({
  fulfilment: orderFulfilmentSchema,
  inbound_documents: z.array(inboundDocumentLogSchema),
});
export type AdminOrderFulfilment = z.infer<typeof adminOrderFulfilmentSchema>;
