import { approvalPolicySchema, type ApprovalPolicy } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/** GET /api/approval-policy: the company's auto-approve setting (decisions.md), for the profile card. */
export function getApprovalPolicy(signal?: AbortSignal): Promise<ApprovalPolicy> {
  return apiClient.get('/api/approval-policy', { signal, schema: approvalPolicySchema });
}
