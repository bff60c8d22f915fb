import { SYSTEM_ACTOR, type ServiceContext } from '../../context.js';
import { toCents } from '../orders/order-pricing.rules.js';
import { getAutomationSettings } from '../settings/settings.service.js';
import { submitOrderToSupplier } from './supplier-submission.service.js';

/**
 * decisions.md: a new order under the configured amount is approved by "system" and submitted.
 * The requester's mail is queued by the submission itself, with its outcome.
 */
export async function approveAutomaticallyIfEligible(
  ctx: ServiceContext,
  orderId: string,
  totalAmount: string,
): Promise<boolean> {
  const settings = await getAutomationSettings(ctx);
  if (!settings.auto_approve_enabled || toCents(totalAmount) >= Math.round(settings.auto_approve_under_amount * 100))
    return false;
  await submitOrderToSupplier({ ...ctx, actor: SYSTEM_ACTOR }, orderId, 'approve');
  return true;
}
