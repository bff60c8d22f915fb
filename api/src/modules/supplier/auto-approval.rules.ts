import { toCents } from '../orders/order-pricing.rules.js';

export interface AutoApprovalPreference {
  enabled: boolean;
  /** The amount an order's total must stay under, as PostgreSQL returns numeric(12,2): "100.00". */
  underAmount: string;
  /** A STAT order's own threshold (stat_auto_approve_under); null or absent: no STAT order is approved automatically. */
  statUnderAmount?: string | null;
}

/** What of an order decides its automatic approval. */
export interface AutoApprovalCandidate {
  total_amount: string;
  is_urgent?: boolean;
  /** Let through over a warn budget or the requester's monthly limit: a person decides. */
  isOverSpend?: boolean;
}

/**
 * decisions.md: with auto-approval on, a new order whose total is under the configured amount is
 * approved. A STAT order is also approved under its own threshold. Neither threshold approves an
 * order let through over a warn budget or its requester's monthly limit: the warn policy lets such
 * an order in so that a person sees its flag and decides (a stop budget refuses it before this).
 */
export function qualifiesForAutoApproval(
  preference: AutoApprovalPreference,
  totalAmount: string,
  candidate: Omit<AutoApprovalCandidate, 'total_amount'> = {},
): boolean {
  if (candidate.isOverSpend) return false;
  if (preference.enabled && toCents(totalAmount) < toCents(preference.underAmount)) return true;
  return qualifiesAsStat(preference, { ...candidate, total_amount: totalAmount });
}

/** Whether the STAT threshold alone approves the order. */
export function qualifiesAsStat(preference: AutoApprovalPreference, order: AutoApprovalCandidate): boolean {
  if (!order.is_urgent || order.isOverSpend) return false;
  if (preference.statUnderAmount === null || preference.statUnderAmount === undefined) return false;
  return toCents(order.total_amount) < toCents(preference.statUnderAmount);
}
