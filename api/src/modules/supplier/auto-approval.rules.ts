import { toCents } from '../orders/order-pricing.rules.js';

export interface AutoApprovalPreference {
  enabled: boolean;
  /** The amount an order's total must stay under, as PostgreSQL returns numeric(12,2): "100.00". */
  underAmount: string;
}

/** decisions.md: with auto-approval on, a new order whose total is under the configured amount is approved. */
export function qualifiesForAutoApproval(preference: AutoApprovalPreference, totalAmount: string): boolean {
  return preference.enabled && toCents(totalAmount) < toCents(preference.underAmount);
}
