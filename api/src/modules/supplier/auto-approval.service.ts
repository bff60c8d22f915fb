import type { ServiceContext } from '../../context.js';
import { approveFirstLevelAsSystem } from '../approvals/approvals.service.js';
import { qualifiesForAutoApproval, type AutoApprovalPreference } from './auto-approval.rules.js';

/**
 * decisions.md: a new order under the configured amount (a STAT order also under its own) is
 * approved by "system" — its first approval level only; with one level it is submitted at once.
 * `preference` is the one read when the order was written. The requester's mail is queued by the
 * submission, with its outcome.
 */
export async function approveAutomaticallyIfEligible(
  ctx: ServiceContext,
  order: { id: string; total_amount: string; is_urgent?: boolean; isOverSpend?: boolean },
  preference: AutoApprovalPreference,
): Promise<boolean> {
  if (!qualifiesForAutoApproval(preference, order.total_amount, order)) return false;
  await approveFirstLevelAsSystem(ctx, order);
  return true;
}
