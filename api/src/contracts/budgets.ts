import { z } from 'zod';

import { idFilter } from './admin-list.js';
import { approvalLevelSchema } from './approvals.js';
import { moneyAmountSchema, moneyTextSchema } from './money-amount.js';

export const BUDGET_PERIODS = ['month', 'quarter', 'year'] as const;
export const budgetPeriodSchema = z.enum(BUDGET_PERIODS);
export type BudgetPeriod = z.infer<typeof budgetPeriodSchema>;

export const BUDGET_POLICIES = ['stop', 'warn'] as const;
export const budgetPolicySchema = z.enum(BUDGET_POLICIES);
export type BudgetPolicy = z.infer<typeof budgetPolicySchema>;

/** The percent of the amount at which the department's budget owners and finance are e-mailed. */
export const DEFAULT_ALERT_THRESHOLD = 80;

/** POST /api/admin/budgets: a department's budget, for every period of its kind from the current one. */
export const budgetCreateSchema = z.object({
  department_id: z.uuid(),
  period: budgetPeriodSchema,
  amount: moneyAmountSchema('must be an amount in USD, e.g. "5000.00"').pipe(
    z.number().min(0, 'must not be negative').max(9_999_999_999.99, 'is too large'),
  ),
  policy: budgetPolicySchema,
  alert_threshold: z.number().int().min(1).max(100).default(DEFAULT_ALERT_THRESHOLD),
});

/** PUT /api/admin/budgets/:id: the record GET answers, edited; its department stays. */
export const budgetUpdateSchema = budgetCreateSchema.omit({ department_id: true }).extend({
  alert_threshold: z.number().int().min(1).max(100),
});

/** The sort fields and filters of GET /api/admin/budgets. */
export const BUDGET_SORTS = ['department_name', 'amount', 'period', 'updated_at'] as const;
export const budgetFilterSchema = z.object({
  department_id: z.uuid().optional(),
  period: budgetPeriodSchema.optional(),
  policy: budgetPolicySchema.optional(),
  id: idFilter(z.uuid()),
});

/** The figures of a budget's current period. */
const budgetFiguresShape = {
  period_start: z.string(),
  /** The first instant after the period. */
  period_end: z.string(),
  amount: moneyTextSchema,
  /** Totals of the period's orders that are pending, approved, submitted or failed. */
  committed: moneyTextSchema,
  /** Totals of the period's submitted orders, at their received value where goods were received. */
  spent: moneyTextSchema,
  /** amount − committed. */
  remaining: moneyTextSchema,
  policy: budgetPolicySchema,
};

/** A budget as the back office shows it, with its current period's figures. */
export const budgetSchema = z.strictObject({
  id: z.string(),
  department_id: z.string(),
  department_code: z.string(),
  department_name: z.string(),
  period: budgetPeriodSchema,
  alert_threshold: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  ...budgetFiguresShape,
  used_percent: z.number().int(),
});
export type Budget = z.infer<typeof budgetSchema>;

/** A change of a budget, oldest first (GET /api/admin/budgets/:id/history). */
export const budgetChangeSchema = z.strictObject({
  id: z.string(),
  period: budgetPeriodSchema,
  amount: moneyTextSchema,
  policy: budgetPolicySchema,
  alert_threshold: z.number().int(),
  changed_by: z.string().nullable(),
  changed_at: z.string(),
});
export type BudgetChange = z.infer<typeof budgetChangeSchema>;

/**
 * GET /api/me/budget: the requester's department budget this period (its period, amount and
 * figures, null when the department has no budget), and what the cart needs to say which approvals
 * an order will need and how much of the user's monthly limit remains.
 */
export const myBudgetSchema = z
  .strictObject({
    /** The requester's department; null for a user without one. */
    department: z.string().nullable(),
    period_start: budgetFiguresShape.period_start.nullable(),
    period_end: budgetFiguresShape.period_end.nullable(),
    amount: moneyTextSchema.nullable(),
    committed: moneyTextSchema.nullable(),
    spent: moneyTextSchema.nullable(),
    remaining: moneyTextSchema.nullable(),
    policy: budgetPolicySchema.nullable(),
    /** The approval levels (settings), for requiredLevels in contracts/approval-levels.rules. */
    approval_levels: z.array(approvalLevelSchema),
    /** The user's per-order limit: an order over it needs one extra approval. */
    order_limit: moneyTextSchema.nullable(),
    /** The user's monthly limit, what the user committed this month (company time zone) and what remains. */
    monthly_limit: moneyTextSchema.nullable(),
    monthly_committed: moneyTextSchema,
    monthly_remaining: moneyTextSchema.nullable(),
    /** What happens over the monthly limit: the department budget's policy; stop without a budget. */
    monthly_policy: budgetPolicySchema,
  })
  .meta({ id: 'MyBudget' });
export type MyBudget = z.infer<typeof myBudgetSchema>;

/** GET /api/admin/reports/budget-vs-actual: the period containing `month` ('YYYY-MM'), default the current one. */
export const budgetVsActualQuerySchema = z.strictObject({
  month: z
    .string()
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'must be a month in the form YYYY-MM, e.g. "2026-11"')
    .optional(),
});
export type BudgetVsActualQuery = z.infer<typeof budgetVsActualQuerySchema>;

/** One department in the Budget vs actual report; amount, remaining, used_percent and policy are null without a budget. */
export const budgetVsActualRowSchema = z.strictObject({
  department_id: z.string(),
  department_code: z.string(),
  department_name: z.string(),
  /** The budget's period kind ('month' for a department without a budget). */
  period: budgetPeriodSchema,
  /** 'November 2026', 'Q4 2026' or '2026'. */
  period_label: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  amount: moneyTextSchema.nullable(),
  committed: moneyTextSchema,
  spent: moneyTextSchema,
  remaining: moneyTextSchema.nullable(),
  /** committed ÷ amount in whole percent. */
  used_percent: z.number().int().nullable(),
  policy: budgetPolicySchema.nullable(),
});
export type BudgetVsActualRow = z.infer<typeof budgetVsActualRowSchema>;

export const budgetVsActualSchema = z.strictObject({
  /** The month the periods contain ('YYYY-MM'). */
  month: z.string(),
  rows: z.array(budgetVsActualRowSchema),
});
export type BudgetVsActual = z.infer<typeof budgetVsActualSchema>;

/** The CSV columns of the Budget vs actual export. */
export const BUDGET_VS_ACTUAL_CSV_FIELDS = [
  'department_code',
  'department_name',
  'period',
  'period_label',
  'period_start',
  'period_end',
  'amount',
  'committed',
  'spent',
  'remaining',
  'used_percent',
  'policy',
] as const satisfies readonly (keyof BudgetVsActualRow)[];

// In a file without zod, so that the back office's dashboard uses the rule without loading the schemas.
export { BUDGET_WATCH_PERCENT, isBudgetOverWatch } from './budget-watch.rules.js';
