import { z } from 'zod';

import { moneyTextSchema } from './money-amount.js';
import { deliveryNoteSchema } from './supplier-text.js';

/**
 * A STAT order is needed today: it goes to the top of the approvals, its approvers are told at once,
 * it may be approved under its own threshold, and the supplier is asked for the earliest delivery.
 */
export const STAT_REASON_MIN = 3;
export const STAT_REASON_MAX = 200;
export const STAT_REASON_REQUIRED_MESSAGE = 'Say why this order is needed today: a STAT order needs a reason.';
export const STAT_REASON_TOO_SHORT_MESSAGE = `The STAT reason must be at least ${STAT_REASON_MIN} characters.`;
export const STAT_REASON_TOO_LONG_MESSAGE = `The STAT reason must be at most ${STAT_REASON_MAX} characters.`;
/** The label the patient-data guard names when the reason looks like it identifies a patient. */
export const STAT_REASON_LABEL = 'STAT reason';

/**
 * A reason's length as the API counts it (urgentRequestSchema's zod checks): characters (code points)
 * of the trimmed text, so an emoji is one, not the two UTF-16 units of String.length.
 */
export function statReasonLength(reason: string): number {
  return [...reason.trim()].length;
}

/** Why a typed reason cannot be sent, or null when it can (the forms check as the API does). */
export function statReasonProblem(reason: string): string | null {
  const length = statReasonLength(reason);
  if (length === 0) return STAT_REASON_REQUIRED_MESSAGE;
  if (length < STAT_REASON_MIN) return STAT_REASON_TOO_SHORT_MESSAGE;
  if (length > STAT_REASON_MAX) return STAT_REASON_TOO_LONG_MESSAGE;
  return null;
}

/** `urgent: { reason }` of POST /api/orders and of a count's "Submit as order". */
export const urgentRequestSchema = z.strictObject(
  {
    reason: z
      .string({ error: STAT_REASON_REQUIRED_MESSAGE })
      .trim()
      .min(1, STAT_REASON_REQUIRED_MESSAGE)
      .min(STAT_REASON_MIN, STAT_REASON_TOO_SHORT_MESSAGE)
      .max(STAT_REASON_MAX, STAT_REASON_TOO_LONG_MESSAGE),
  },
  { error: 'urgent must be an object with a reason: { "reason": "…" }' },
);
export type UrgentRequest = z.infer<typeof urgentRequestSchema>;

/** The body of POST /api/locations/:id/counts/:countId/order: all optional, an empty body submits as before. */
export const countOrderRequestSchema = z.object({
  urgent: urgentRequestSchema.optional(),
  /** Delivery instructions for the supplier, as on POST /api/orders. */
  delivery_note: deliveryNoteSchema,
});

/** The chip every list and page shows on a STAT order. */
export const STAT_CHIP_LABEL = 'STAT';
/** What the storefront's switch says. */
export const STAT_TOGGLE_LABEL = 'STAT — needed today';

// ---------- The STAT orders report ----------

/** GET /api/reports/stat-orders: whole days in the company's timezone, default the last 30 days. */
export const statOrdersQuerySchema = z.strictObject({
  from: z.iso.date({ error: 'from must be a date in the form YYYY-MM-DD.' }).optional(),
  to: z.iso.date({ error: 'to must be a date in the form YYYY-MM-DD.' }).optional(),
  format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'." }).optional(),
});
export type StatOrdersQuery = z.infer<typeof statOrdersQuerySchema>;

/** One department and reason: how often a ward ran out of something for that reason. */
export const statOrdersRowSchema = z.strictObject({
  department: z.string(),
  /** The reason as first written; reasons differing only in case and spaces count together. */
  reason: z.string(),
  orders: z.number().int().nonnegative(),
  total_amount: moneyTextSchema,
  last_ordered_at: z.string(),
});
export type StatOrdersRow = z.infer<typeof statOrdersRowSchema>;

export const statOrdersDepartmentSchema = z.strictObject({
  department: z.string(),
  orders: z.number().int().nonnegative(),
  total_amount: moneyTextSchema,
});

export const statOrdersReportSchema = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    total_orders: z.number().int().nonnegative(),
    by_department: z.array(statOrdersDepartmentSchema),
    rows: z.array(statOrdersRowSchema),
  })
  .meta({ id: 'StatOrdersReport' });
export type StatOrdersReport = z.infer<typeof statOrdersReportSchema>;

export const STAT_ORDERS_CSV_FIELDS = [
  'department',
  'reason',
  'orders',
  'total_amount',
  'last_ordered_at',
] as const satisfies readonly (keyof StatOrdersRow)[];
