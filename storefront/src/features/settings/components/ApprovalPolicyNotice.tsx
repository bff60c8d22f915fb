import type { ApprovalPolicy } from '@supply-hub/api/contracts';
import Typography from '@mui/material/Typography';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useApprovalPolicy } from '../api/get-approval-policy';

/** What happens to this user's orders, from the company's setting (decisions.md: no hard-coded amounts). */
function describeApprovalPolicy(policy: ApprovalPolicy): string {
  return policy.auto_approve_enabled
    ? `Orders under ${formatUsd(policy.auto_approve_under_amount)} are approved automatically; larger orders wait for an administrator's approval.`
    : "Auto-approve is off: every order waits for an administrator's approval.";
}

/** The profile card's approval policy line, read from GET /api/approval-policy. */
export function ApprovalPolicyNotice() {
  const { data: policy, isError } = useApprovalPolicy();

  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      <strong>Approval policy: </strong>
      {policy && describeApprovalPolicy(policy)}
      {!policy && !isError && 'Loading…'}
      {!policy && isError && 'The approval policy could not be loaded.'}
    </Typography>
  );
}
