import { SYSTEM_ACTOR, type ServiceContext } from '../../context.js';
import { qualifiesForAutoApproval, type AutoApprovalPreference } from './auto-approval.rules.js';
import { submitOrderToSupplier } from './supplier-submission.service.js';

/**
 * decisions.md: a new order under the configured amount is approved by "system" and submitted.
 * `preference` is the one read when the order was written. The requester's mail is queued by the
 * submission itself, with its outcome.
 */
export async function approveAutomaticallyIfEligible(
  ctx: ServiceContext,
  order: { id: string; total_amount: string },
  preference: AutoApprovalPreference,
): Promise<boolean> {
  if (!qualifiesForAutoApproval(preference, order.total_amount)) return false;
  await submitOrderToSupplier({ ...ctx, actor: SYSTEM_ACTOR }, order.id, 'approve');
  return true;
}
