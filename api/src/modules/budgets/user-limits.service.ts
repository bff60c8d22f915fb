import type { BudgetPolicy } from '../../contracts/budgets.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import * as queries from './budgets.queries.js';
import { budgetPeriodAt, budgetVerdict, centsOf, moneyOf, monthlyLimitRefusalMessage } from './budgets.rules.js';

/**
 * A submission against the requester's monthly limit, inside the submission's
 * transaction. The user's profile row stays locked to the commit, so two of the user's orders cannot
 * both take the last dollars of the month. "Committed this month" is the budgets' definition (pending,
 * approved, submitted, failed, less what the supplier rejected: orders.budget_committed), the month in the company's time zone. Over the limit, the department
 * budget's policy decides — stop (also when the department has no budget) refuses with a 422 and
 * nothing is written; warn lets it through, flagged `over_limit`.
 */
export async function admitMonthlyLimit(
  trx: Db,
  input: { userId: string; orderId: string; orderCents: number; now: Date; policy: BudgetPolicy | undefined },
): Promise<{ isOverLimit: boolean }> {
  const locked = await queries.lockUserMonthlyLimit(trx, input.userId);
  if (!locked?.monthly_limit) return { isOverLimit: false };
  const window = budgetPeriodAt('month', input.now, locked.timezone);
  const limitCents = centsOf(locked.monthly_limit);
  // The order being checked is already written in this transaction: what the others leave is compared.
  const committedCents = centsOf(await queries.sumUserPeriodOrders(trx, input.userId, window, input.orderId));
  const remainingCents = limitCents - committedCents;
  const verdict = budgetVerdict(input.policy ?? 'stop', remainingCents, input.orderCents);
  if (verdict === 'refuse') {
    throw new AppError(
      422,
      'MONTHLY_LIMIT_EXCEEDED',
      monthlyLimitRefusalMessage(limitCents, remainingCents),
      undefined,
      {
        monthly_limit: moneyOf(limitCents),
        remaining: moneyOf(remainingCents),
        period_start: window.start.toISOString(),
        period_end: window.end.toISOString(),
      },
    );
  }
  return { isOverLimit: verdict === 'warn' };
}

/** What the cart shows of the user's limits (GET /api/me/budget). */
export async function readMyLimits(ctx: ServiceContext, userId: string) {
  const user = await queries.selectUserLimits(ctx.db, userId);
  const window = budgetPeriodAt('month', ctx.now(), user.timezone);
  const committed = moneyOf(centsOf(await queries.sumUserPeriodOrders(ctx.db, userId, window)));
  return {
    department: user.department_name,
    order_limit: user.order_limit,
    monthly_limit: user.monthly_limit,
    monthly_committed: committed,
    monthly_remaining: user.monthly_limit === null ? null : moneyOf(centsOf(user.monthly_limit) - centsOf(committed)),
  };
}
