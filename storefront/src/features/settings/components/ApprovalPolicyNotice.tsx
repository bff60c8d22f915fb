import type { ApprovalPolicy } from '@supply-hub/api/contracts';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { getApprovalPolicy } from '../api/get-approval-policy';

type PolicyState = { status: 'loading' } | { status: 'loaded'; policy: ApprovalPolicy } | { status: 'error' };

/** What happens to this user's orders, from the company's setting (decisions.md: no hard-coded amounts). */
function describeApprovalPolicy(policy: ApprovalPolicy): string {
  return policy.auto_approve_enabled
    ? `Orders under ${formatUsd(policy.auto_approve_under_amount)} are approved automatically; larger orders wait for an administrator's approval.`
    : "Auto-approve is off: every order waits for an administrator's approval.";
}

/** The profile card's approval policy line, read from GET /api/approval-policy. */
export function ApprovalPolicyNotice() {
  const [state, setState] = useState<PolicyState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getApprovalPolicy(controller.signal).then(
      (policy) => setState({ status: 'loaded', policy }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      <strong>Approval policy: </strong>
      {state.status === 'loaded' && describeApprovalPolicy(state.policy)}
      {state.status === 'loading' && 'Loading…'}
      {state.status === 'error' && 'The approval policy could not be loaded.'}
    </Typography>
  );
}
