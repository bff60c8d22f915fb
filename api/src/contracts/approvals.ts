import { z } from 'zod';

import { moneyAmountSchema, moneyTextSchema } from './money-amount.js';
import { APPROVING_ROLES, canApproveOrders, roleSchema, type Role } from './roles.js';

/** The longest reason an approver may give for rejecting a line. */
export const MAX_LINE_REASON = 500;

/** At most this many approval levels: a hospital's chain of sign-off, not an org chart. */
export const MAX_APPROVAL_LEVELS = 6;

const spoken = (role: Role) => role.replace(/_/g, ' ');

/** "Nurses cannot approve orders; choose admin or finance.": the choices come from APPROVING_ROLES. */
export function cannotApproveMessage(role: Role): string {
  const choices = APPROVING_ROLES.map(spoken);
  const listed = choices.length <= 1 ? choices.join('') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
  const plural = `${spoken(role)}s`;
  return `${plural.charAt(0).toUpperCase()}${plural.slice(1)} cannot approve orders; choose ${listed}.`;
}

// A level naming a role that may never approve would hold every order reaching it for ever.
const approverRoleSchema = roleSchema.refine((role) => canApproveOrders([role]), {
  error: (issue) => cannotApproveMessage(issue.input as Role),
});

const levelInputSchema = z.object({
  threshold: moneyAmountSchema('Threshold must be an amount in dollars, such as 1000 or "1000.00"')
    .refine((amount) => amount >= 0, 'Threshold cannot be negative')
    .refine((amount) => amount <= 9_999_999_999.99, 'Threshold is too large'),
  roles: z
    .array(approverRoleSchema, { error: 'Roles must be a list of known roles' })
    .min(1, 'Each level needs at least one role that may approve at it')
    .transform((roles) => [...new Set(roles)]),
});

/**
 * PUT /api/admin/settings/approval-levels: the levels in order, the first at threshold 0 (every
 * order needs it), each threshold above the one before.
 */
export const approvalLevelsInputSchema = z
  .object({
    levels: z
      .array(levelInputSchema)
      .min(1, 'At least one approval level is required')
      .max(MAX_APPROVAL_LEVELS, `At most ${MAX_APPROVAL_LEVELS} approval levels`),
  })
  .superRefine(({ levels }, issue) => {
    if (levels[0] && levels[0].threshold !== 0) {
      issue.addIssue({
        code: 'custom',
        path: ['levels', 0, 'threshold'],
        message: 'The first level applies to every order: its threshold must be 0',
      });
    }
    levels.forEach((level, index) => {
      const previous = levels[index - 1];
      if (previous && level.threshold <= previous.threshold) {
        issue.addIssue({
          code: 'custom',
          path: ['levels', index, 'threshold'],
          message: `Level ${index + 1}'s threshold must be above level ${index}'s`,
        });
      }
    });
  });
export type ApprovalLevelsInput = z.input<typeof approvalLevelsInputSchema>;

export const approvalLevelSchema = z.strictObject({
  level: z.number().int(),
  threshold: moneyTextSchema,
  roles: z.array(roleSchema),
});
export type ApprovalLevel = z.infer<typeof approvalLevelSchema>;

/**
 * A level nobody can approve any more (no active, approved user holds one of its roles, e.g. after
 * the last finance account was disabled), with the pending orders it holds up (`blocked_orders`;
 * an order over its requester's limit that waits for the extra final level counts at the highest level).
 */
export const approvalLevelWithoutApproverSchema = approvalLevelSchema.extend({
  blocked_orders: z.number().int(),
});
export type ApprovalLevelWithoutApprover = z.infer<typeof approvalLevelWithoutApproverSchema>;

/** GET and PUT /api/admin/settings/approval-levels. */
export const approvalLevelsSchema = z.strictObject({ levels: z.array(approvalLevelSchema) });
export type ApprovalLevels = z.infer<typeof approvalLevelsSchema>;

/** One approval an order received: who, at which level, when ('system' for auto-approval). */
export const orderApprovalSchema = z.strictObject({
  level: z.number().int(),
  approver: z.string(),
  approved_at: z.string(),
});
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

/** An order's approvals so far and the levels it still waits for (none once it left pending). */
export const approvalProgressSchema = z
  .strictObject({
    approvals: z.array(orderApprovalSchema),
    waiting_for: z.array(approvalLevelSchema),
  })
  .meta({ id: 'ApprovalProgress' });
export type ApprovalProgress = z.infer<typeof approvalProgressSchema>;

/**
 * POST /api/admin/orders/:id/approve: the level the approver saw the order waiting for. Given, a
 * level approved by someone else meanwhile is a 409 rather than an approval of the next level.
 */
export const approveOrderSchema = z.object({
  level: z.number({ error: 'Level must be a number' }).int().min(1).max(MAX_APPROVAL_LEVELS).optional(),
  /** Lines the approver rejects (each with its reason) while approving the rest. */
  rejected_lines: z
    .array(
      z.object({
        item_id: z.string({ error: 'Each rejected line needs the item_id of an order line' }),
        reason: z
          .string({ error: 'Each rejected line needs a reason' })
          .trim()
          .min(1, 'Each rejected line needs a reason')
          .max(MAX_LINE_REASON, `A reason is at most ${MAX_LINE_REASON} characters`),
      }),
      { error: 'rejected_lines must be a list of { item_id, reason }' },
    )
    .max(500, 'Too many rejected lines')
    .optional(),
});
export type ApproveOrderInput = z.input<typeof approveOrderSchema>;

/** The Approvals inbox's sort fields (ra-data-simple-rest); oldest first by default. */
export const APPROVAL_INBOX_SORTS = ['created_at', 'total_amount', 'display_seq'] as const;
