import { approvalPolicySchema, type ApprovalPolicy } from '@supply-hub/api/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/approval-policy: the company's auto-approve setting (decisions.md), for the profile card. */
export function getApprovalPolicy(signal?: AbortSignal): Promise<ApprovalPolicy> {
  return apiClient.get('/api/approval-policy', { signal, schema: approvalPolicySchema });
}

export function useApprovalPolicy() {
  return useQuery({ queryKey: settingsKeys.approvalPolicy(), queryFn: ({ signal }) => getApprovalPolicy(signal) });
}
