import Typography from '@mui/material/Typography';

import { useApprovalPolicy } from '../api/get-approval-policy';
import { describeApprovalPolicy } from '../approval-policy.rules';

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
