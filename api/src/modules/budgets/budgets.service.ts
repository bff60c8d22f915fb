import {
  budgetCreateSchema,
  budgetUpdateSchema,
  type Budget,
  type BudgetChange,
  type BudgetPeriod,
  type MyBudget,
} from '../../contracts/budgets.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordBudgetRefusal } from '../../metrics/metrics.js';
import { recordAudit } from '../audit/audit.service.js';
import { outboxStatus } from '../mail/mail.service.js';
import { getApprovalLevels } from '../approvals/approvals.service.js';
import * as queries from './budgets.queries.js';
import { readMyLimits } from './user-limits.service.js';
import {
  budgetAlertMail,
  budgetFigures,
  budgetPeriodAt,
  budgetRefusalMessage,
  budgetVerdict,
  centsOf,
  crossesAlertThreshold,
  moneyOf,
  type BudgetPeriodWindow,
} from './budgets.rules.js';

const NOT_FOUND = () => AppError.notFound('Budget not found', 'BUDGET_NOT_FOUND');

function figuresOf(
  row: { amount: string; policy: Budget['policy'] },
  sums: { committed: string; spent: string },
  window: { start: Date; end: Date },
) {
  const figures = budgetFigures(centsOf(row.amount), centsOf(sums.committed), centsOf(sums.spent));
  return {
    period_start: window.start.toISOString(),
    period_end: window.end.toISOString(),
    amount: moneyOf(figures.amountCents),
    committed: moneyOf(figures.committedCents),
    spent: moneyOf(figures.spentCents),
    remaining: moneyOf(figures.remainingCents),
    policy: row.policy,
    usedPercent: figures.usedPercent,
  };
}

function periodWindows(now: Date, timeZone: string): Record<BudgetPeriod, BudgetPeriodWindow> {
  return {
    month: budgetPeriodAt('month', now, timeZone),
    quarter: budgetPeriodAt('quarter', now, timeZone),
    year: budgetPeriodAt('year', now, timeZone),
  };
}

function toBudget(row: queries.BudgetPageRow, window: { start: Date; end: Date }): Budget {
  const { usedPercent, ...figures } = figuresOf(row, row, window);
  return {
    id: row.id,
    department_id: row.department_id,
    department_code: row.department_code,
    department_name: row.department_name,
    period: row.period,
    alert_threshold: row.alert_threshold,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...figures,
    used_percent: usedPercent,
  };
}

/** A page of GET /api/admin/budgets, each with its current period's figures. */
export async function listBudgets(
  ctx: ServiceContext,
  page: Omit<Parameters<typeof queries.selectBudgetsPage>[2], never>,
) {
  const windows = periodWindows(ctx.now(), await queries.selectCompanyTimezone(ctx.db));
  const { rows, total } = await queries.selectBudgetsPage(ctx.db, windows, page);
  return { rows: rows.map((row) => toBudget(row, windows[row.period])), total };
}

export async function getBudget(ctx: ServiceContext, id: string): Promise<Budget> {
  const { rows } = await listBudgets(ctx, {
    filter: { id },
    sort: { field: 'updated_at', order: 'asc' },
    offset: 0,
    limit: 1,
  });
  if (!rows[0]) throw NOT_FOUND();
  return rows[0];
}

export async function listBudgetChanges(ctx: ServiceContext, id: string): Promise<BudgetChange[]> {
  const rows = await queries.selectBudgetChanges(ctx.db, id);
  if (rows.length === 0) throw NOT_FOUND();
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    amount: toMoneyText(row.amount),
    changed_at: row.changed_at.toISOString(),
  }));
}

function actorId(ctx: ServiceContext): string | null {
  return ctx.actor.kind === 'user' ? ctx.actor.userId : null;
}

/** A department's budget; one per department (409 BUDGET_EXISTS: edit that one). */
export async function createBudget(ctx: ServiceContext, rawInput: unknown): Promise<Budget> {
  const { department_id: departmentId, ...input } = budgetCreateSchema.parse(rawInput);
  const values = { ...input, amount: toMoneyText(input.amount) };
  const id = await ctx.db.transaction(async (trx) => {
    const created = await queries
      .insertBudget(trx, departmentId, values, actorId(ctx), ctx.now())
      .catch((error: { code?: string }) => {
        throw error.code === '23503' ? AppError.notFound('Department not found', 'DEPARTMENT_NOT_FOUND') : error;
      });
    if (!created) throw AppError.conflict('BUDGET_EXISTS', 'This department already has a budget: edit it instead.');
    await recordAudit(
      ctx,
      {
        action: 'budget.create',
        targetType: 'budget',
        targetId: created,
        details: { department_id: departmentId, ...values },
      },
      trx,
    );
    return created;
  });
  return getBudget(ctx, id);
}

/** A new amount, period, policy or threshold applies from the current period on; the old values stay in the history. */
export async function updateBudget(ctx: ServiceContext, id: string, rawInput: unknown): Promise<Budget> {
  const input = budgetUpdateSchema.parse(rawInput);
  const values = { ...input, amount: toMoneyText(input.amount) };
  await ctx.db.transaction(async (trx) => {
    const before = await queries.selectBudgetForUpdate(trx, id);
    if (!before) throw NOT_FOUND();
    const isSame =
      before.period === values.period &&
      toMoneyText(before.amount) === values.amount &&
      before.policy === values.policy &&
      before.alert_threshold === values.alert_threshold;
    if (isSame) return;
    await queries.updateBudget(trx, id, values, actorId(ctx), ctx.now());
    const { id: _id, ...previous } = before;
    await recordAudit(
      ctx,
      {
        action: 'budget.update',
        targetType: 'budget',
        targetId: id,
        details: { before: { ...previous, amount: toMoneyText(previous.amount) }, after: values },
      },
      trx,
    );
  });
  return getBudget(ctx, id);
}

const NO_BUDGET = {
  period_start: null,
  period_end: null,
  amount: null,
  committed: null,
  spent: null,
  remaining: null,
  policy: null,
} as const;

/**
 * GET /api/me/budget: the requester's department budget this period (its figures null when none
 * applies), the approval levels and the user's limits, so the cart can say what an order needs.
 */
export async function getMyBudget(ctx: ServiceContext, userId: string): Promise<MyBudget> {
  const [budget, { levels: approval_levels }, limits] = await Promise.all([
    queries.selectBudgetOfUser(ctx.db, userId),
    getApprovalLevels(ctx),
    readMyLimits(ctx, userId),
  ]);
  if (!budget) return { ...limits, ...NO_BUDGET, approval_levels, monthly_policy: 'stop' };
  const window = budgetPeriodAt(budget.period, ctx.now(), budget.timezone);
  const { usedPercent: _used, ...figures } = figuresOf(
    budget,
    await queries.sumPeriodOrders(ctx.db, budget.department_id, window),
    window,
  );
  return {
    ...limits,
    department: budget.department_name,
    ...figures,
    approval_levels,
    monthly_policy: budget.policy,
  };
}

export interface BudgetGuard {
  /** The budget's policy: it also decides what the requester's monthly limit does. */
  policy: Budget['policy'];
  /**
   * Checks the just-written order `orderId` of `orderCents` against what the period's other orders
   * leave: under stop, more than remains is a 422 BUDGET_EXCEEDED (thrown inside the transaction,
   * it rolls the order back: nothing is written); answers whether a warn budget lets it through
   * over budget.
   */
  admit(orderCents: number, orderId: string): Promise<{ isOverBudget: boolean }>;
  /** After the order is written: the threshold alert, once per period. */
  afterInsert(orderCents: number): Promise<void>;
}

/**
 * Locks the department's budget for the rest of `trx` (the submission's transaction, after the
 * order's insert), so the check and the commit cannot be raced; `undefined` when the department has no budget.
 */
export async function lockBudgetForSubmission(
  ctx: ServiceContext,
  trx: Db,
  departmentId: string,
  now: Date,
): Promise<BudgetGuard | undefined> {
  const budget = await queries.lockDepartmentBudget(trx, departmentId);
  if (!budget) return undefined;
  const window = budgetPeriodAt(budget.period, now, budget.timezone);
  const amountCents = centsOf(budget.amount);
  let committedCents = 0;
  return {
    policy: budget.policy,
    async admit(orderCents, orderId) {
      committedCents = centsOf(await queries.sumCommittedOtherThan(trx, departmentId, window, orderId));
      const remainingCents = amountCents - committedCents;
      const verdict = budgetVerdict(budget.policy, remainingCents, orderCents);
      if (verdict === 'refuse') {
        recordBudgetRefusal();
        throw new AppError(
          422,
          'BUDGET_EXCEEDED',
          budgetRefusalMessage(budget.department_name, window.label, remainingCents),
          undefined,
          {
            department: budget.department_name,
            remaining: moneyOf(remainingCents),
            period_start: window.start.toISOString(),
            period_end: window.end.toISOString(),
          },
        );
      }
      return { isOverBudget: verdict === 'warn' };
    },
    async afterInsert(orderCents) {
      if (!crossesAlertThreshold(amountCents, committedCents, orderCents, budget.alert_threshold)) return;
      const used = budgetFigures(amountCents, committedCents + orderCents, 0);
      await queries.queueBudgetAlert(
        trx,
        {
          budgetId: budget.id,
          periodStart: window.start,
          ...budgetAlertMail({
            department: budget.department_name,
            departmentCode: budget.department_code,
            periodLabel: window.label,
            usedPercent: used.usedPercent,
            amount: moneyOf(amountCents),
            committed: moneyOf(used.committedCents),
            remaining: moneyOf(used.remainingCents),
            policy: budget.policy,
          }),
          status: outboxStatus(ctx),
        },
        now,
      );
    },
  };
}

/**
 * Recomputes every order's committed cost and the departments' hourly totals from scratch (after a
 * bulk load that bypassed the triggers, or to check them: `orders_corrected` says how many were off).
 */
export async function rebuildCommittedTotals(
  ctx: ServiceContext,
): Promise<{ orders_corrected: number; hour_rows: number; duration_ms: number }> {
  const startedAt = performance.now();
  const rebuilt = await ctx.db.transaction(async (trx) => {
    const counts = await queries.rebuildCommittedTotals(trx);
    await recordAudit(ctx, { action: 'budget.committed_rebuild', targetType: 'budget', details: { ...counts } }, trx);
    return counts;
  });
  const result = { ...rebuilt, duration_ms: Math.round(performance.now() - startedAt) };
  ctx.log.info(result, 'budget committed totals rebuilt');
  return result;
}
