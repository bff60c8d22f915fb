import { z } from 'zod';

import { idFilter } from './admin-list.js';
import { MAX_APPROVAL_LEVELS } from './approvals.js';
import { FULFILMENT_STATUSES } from './fulfilment.js';
import { ORDER_STATUSES, orderStatusSchema } from './orders.js';
import { scorecardMeasureSchema, scorecardMonthSchema } from './supplier-scorecard.js';

/** The sort fields of GET /api/admin/orders. */
export const ADMIN_ORDER_SORTS = ['created_at', 'display_seq', 'total_amount', 'status'] as const;

/**
 * The fulfilment filter of the admin orders list: a fulfilment status, or
 * awaiting_receipt (shipped or partially shipped/received, not fully received), overdue (the
 * expected delivery date passed, not fully received) or has_backorder (a line still waiting on its
 * backorder). Only submitted orders have a fulfilment.
 */
export const ADMIN_ORDER_FULFILMENT_FILTERS = [
  ...FULFILMENT_STATUSES,
  'awaiting_receipt',
  'overdue',
  'has_backorder',
] as const;
export const adminOrderFulfilmentFilterSchema = z.enum(ADMIN_ORDER_FULFILMENT_FILTERS);
export type AdminOrderFulfilmentFilter = z.infer<typeof adminOrderFulfilmentFilterSchema>;

/** Pending orders waiting for approval at this level (the dashboard links a level nobody can approve here). */
const approvalLevelFilter = z.coerce
  .number({ error: 'approval_level must be a level number' })
  .int()
  .min(1)
  .max(MAX_APPROVAL_LEVELS)
  .optional();

/** The filters of GET /api/admin/orders. */
export const adminOrderFilterSchema = z
  .object({
    id: idFilter(z.uuid()),
    status: orderStatusSchema.optional(),
    department: z.string().trim().max(100).optional(),
    q: z.string().trim().max(100).optional(),
    user_id: z.uuid().optional(),
    fulfilment: adminOrderFulfilmentFilterSchema.optional(),
    approval_level: approvalLevelFilter,
    /** The supplier scorecard's figures: the orders one figure counts, sent to `supplier` in `sent_month`. */
    scorecard: scorecardMeasureSchema.optional(),
    supplier: z.string().trim().min(1).max(200).optional(),
    sent_month: scorecardMonthSchema.optional(),
  })
  .superRefine((filter, issue) => {
    // A figure's orders are one month's: without it the filter would derive every order ever sent.
    if ((filter.scorecard || filter.supplier) && !filter.sent_month) {
      issue.addIssue({
        code: 'custom',
        path: ['sent_month'],
        message: 'The scorecard and supplier filters need sent_month (YYYY-MM), the month the orders were sent.',
      });
    }
  });

/** The requester's ship-to, as far as the orders list shows it. */
export const shipToStatusSchema = z.strictObject({
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  full_name: z.string(),
});
export type ShipToStatus = z.infer<typeof shipToStatusSchema>;

// A row of GET /api/admin/orders (the order with the requester's ship-to) is adminOrderSchema of
// order-submission.ts; the answer of approve and retry is submissionResponseSchema of supplier.ts.
export type { AdminOrder } from './order-submission.js';

/** GET /api/admin/order-counts?department=…&fulfilment=…&approval_level=…: the tab counts within the filters, and the departments. */
export const orderCountsQuerySchema = z.object({
  department: z.string().trim().max(100).optional(),
  fulfilment: adminOrderFulfilmentFilterSchema.optional(),
  approval_level: approvalLevelFilter,
});
const countSchema = z.number().int();
export const orderCountsSchema = z.strictObject({
  all: countSchema,
  pending: countSchema,
  approved: countSchema,
  submitted: countSchema,
  failed: countSchema,
  rejected: countSchema,
  departments: z.array(z.string()),
}) satisfies z.ZodObject<Record<(typeof ORDER_STATUSES)[number], z.ZodNumber>>;
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/** POST /api/admin/orders/:id/reject: an optional reason (default 'Rejected by admin'). */
export const rejectOrderSchema = z.object({ reason: z.string().trim().max(1000).nullish() });
export type RejectOrderInput = z.input<typeof rejectOrderSchema>;

/** GET /api/admin/fulfilment-counts: what the dashboard counts of the submitted orders' fulfilment. */
export const fulfilmentCountsSchema = z.strictObject({
  /** Lines still waiting on a backorder (neither shipped nor received in full). */
  backordered_lines: countSchema,
  /** The orders those lines belong to (the has_backorder filter). */
  orders_with_backorder: countSchema,
  /** Shipped, partially shipped or partially received: not fully received (the awaiting_receipt filter). */
  awaiting_receipt: countSchema,
  partially_received: countSchema,
  /** The expected delivery date passed, not fully received (the overdue filter). */
  overdue: countSchema,
});
export type FulfilmentCounts = z.infer<typeof fulfilmentCountsSchema>;
