import { z } from 'zod';

import { raListQuerySchema } from '../admin-list.js';
import { approvalLevelsInputSchema, approvalLevelsSchema } from '../approvals.js';
import { adminOrderSchema } from '../order-submission.js';
import { APPROVING_ROLES } from '../roles.rules.js';
import { endpoint } from './endpoint.js';

const tag = 'Approvals';

/** Approval levels and the Approvals inbox; the approval itself is the supplier module's command. */
export const approvalsEndpoints = {
  getLevels: endpoint({
    method: 'get',
    path: '/api/admin/settings/approval-levels',
    summary: 'The approval levels: each a threshold (decimal string) and the roles that may approve at it',
    tag,
    access: { roles: ['admin'] },
    responses: { 200: approvalLevelsSchema },
    errors: [401, 403],
  }),
  saveLevels: endpoint({
    method: 'put',
    path: '/api/admin/settings/approval-levels',
    summary: 'Replace the approval levels (first threshold 0, thresholds ascending, roles that may approve)',
    description:
      'A role that may never approve (e.g. nurse) is a 400 naming it. A level that no active, approved user can approve is a 409 APPROVAL_LEVEL_HAS_NO_APPROVER naming the level, and nothing changes.',
    tag,
    access: { roles: ['admin'] },
    body: approvalLevelsInputSchema,
    responses: { 200: approvalLevelsSchema },
    errors: [400, 401, 403, 409],
  }),
  inbox: endpoint({
    method: 'get',
    path: '/api/admin/approvals',
    summary: 'The Approvals inbox: pending orders waiting for a level the caller may approve',
    description:
      'ra-data-simple-rest list. Sort: created_at (oldest first by default), total_amount, display_seq. Never the caller’s own orders nor those the caller already approved.',
    tag,
    access: { roles: APPROVING_ROLES },
    query: raListQuerySchema,
    responses: { 200: z.array(adminOrderSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
};
