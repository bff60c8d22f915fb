import { approveOrderSchema } from '../approvals.js';
import { orderIdParamsSchema } from '../order-submission.js';
import { APPROVING_ROLES } from '../roles.rules.js';
import { abLogListSchema, submissionResponseSchema } from '../supplier.js';
import { endpoint } from './endpoint.js';

const tag = 'Supplier submission';
const submission = {
  tag,
  access: { roles: ['admin'] },
  params: orderIdParamsSchema,
  responses: { 200: submissionResponseSchema },
  // 422 MISSING_SHIP_TO and 409 PUNCHOUT_NOT_CONFIGURED carry the submission result in `details.result`.
  errors: [404, 409, 422],
} as const;

export const supplierEndpoints = {
  approve: endpoint({
    method: 'post',
    path: '/api/admin/orders/:id/approve',
    summary: 'Approve a pending order at the level it waits for; the last level sends it to the supplier (cXML)',
    description:
      'One approval per level, each by a different person, never the requester (403). Finance may approve at a level that lists finance. `result` is null until the last required level.',
    ...submission,
    access: { roles: APPROVING_ROLES },
    body: approveOrderSchema,
    errors: [400, 403, 404, 409, 422],
  }),
  retry: endpoint({
    method: 'post',
    path: '/api/admin/orders/:id/retry',
    summary: 'Send a failed order to the supplier again',
    ...submission,
  }),
  abLogs: endpoint({
    method: 'get',
    path: '/api/admin/ab-logs',
    summary: 'The newest 25 integration log entries (never holding the shared secret)',
    tag,
    access: { roles: ['admin'] },
    responses: { 200: abLogListSchema },
  }),
};
