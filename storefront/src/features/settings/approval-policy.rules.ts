import type { ApprovalPolicy } from '@supply-hub/api/contracts';

import { formatUsd } from '@supply-hub/api/contracts/money-format';

/**
 * What happens to this user's orders, from the company's settings (decisions.md: no hard-coded
 * amounts). STAT orders get their own sentence only when they have their own threshold.
 */
export function describeApprovalPolicy(policy: ApprovalPolicy): string {
  const ordinary = policy.auto_approve_enabled
    ? `Orders under ${formatUsd(policy.auto_approve_under_amount)} are approved automatically; larger orders wait for an administrator's approval.`
    : "Auto-approve is off: every order waits for an administrator's approval.";
  if (policy.stat_auto_approve_under === null) return ordinary;
  const stat = `A STAT order (needed today) under ${formatUsd(policy.stat_auto_approve_under)} is approved automatically, unless it goes over a budget or a monthly limit.`;
  return `${ordinary} ${stat}`;
}
