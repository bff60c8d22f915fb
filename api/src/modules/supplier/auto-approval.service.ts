import type { ServiceContext } from '../../context.js';
import { approveFirstLevelAsSystem } from '../approvals/approvals.service.js';
import { qualifiesForAutoApproval, type AutoApprovalPreference } from './auto-approval.rules.js';

/**
 * decisions.md: a new order under the configured amount is approved by "system" — its first
 * approval level only (issue 18); with one level it is submitted at once. `preference` is the one
 * read when the order was written. The requester's mail is queued by the submission, with its outcome.
 */
export async function approveAutomaticallyIfEligible(
  ctx: ServiceContext,
  order: { id: string; total_amount: string },
  preference: AutoApprovalPreference,
): Promise<boolean> {
  if (!qualifiesForAutoApproval(preference, order.total_amount)) return false;
  await approveFirstLevelAsSystem(ctx, order);
  return true;
}
