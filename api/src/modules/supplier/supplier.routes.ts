import { Router } from 'express';

import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { APPROVING_ROLES } from '../../contracts/roles.js';
import type { AbLogEntry, SubmissionResponse } from '../../contracts/supplier.js';
import { approveOrder } from '../approvals/approvals.service.js';
import { attemptSubmission, submissionRefusal } from './supplier-submission.service.js';
import { listLatestAbLogs } from './integration-log.service.js';

const APPROVE_FORBIDDEN = 'Admin Access Required: Only administrators can approve orders.';

const NOT_FOUND = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };

function parseId(params: unknown): string {
  return parseIdParam(params, NOT_FOUND);
}

export function supplierRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  // Finance may approve too, at a level that lists finance (the service checks the level).
  router.post(
    '/admin/orders/:id/approve',
    allow.rolesWithMessage([...APPROVING_ROLES], APPROVE_FORBIDDEN),
    async (req, res) => {
      if (!req.auth) throw notSignedInError(req.authRejection);
      const body: SubmissionResponse = await approveOrder(
        contextFor(req),
        parseId(req.params),
        req.auth.roles,
        req.body,
      );
      res.json(body);
    },
  );

  router.post('/admin/orders/:id/retry', allow.adminsWithMessage(APPROVE_FORBIDDEN), async (req, res) => {
    const { result, order } = await attemptSubmission(contextFor(req), parseId(req.params), 'retry');
    const refusal = submissionRefusal(result);
    if (refusal || !order) throw refusal ?? new Error('a sent order comes back with its state');
    // The requester's mail was queued with the outcome, in the same statement.
    const body: SubmissionResponse = { result, order };
    res.json(body);
  });

  /** The newest 25 integration log entries (admin-portal §9); the stored request never holds the secret. */
  router.get('/admin/ab-logs', allow.roles('admin'), async (req, res) => {
    const data: AbLogEntry[] = (await listLatestAbLogs(contextFor(req), 25)).map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
    }));
    res.json({ data });
  });

  return router;
}
