import { Router } from 'express';

import { AppError } from '../../http/app-error.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import type { AbLogEntry, SubmissionResponse, SubmissionResult } from '../../contracts/supplier.js';
import { attemptSubmission } from './supplier-submission.service.js';
import { listLatestAbLogs } from './integration-log.service.js';

const APPROVE_FORBIDDEN = 'Admin Access Required: Only administrators can approve orders.';

const NOT_FOUND = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };

function parseId(params: unknown): string {
  return parseIdParam(params, NOT_FOUND);
}

/** The result goes back as it is; a missing ship-to or punchout configuration is a refusal with the result attached. */
function refusalFor(result: SubmissionResult): AppError | undefined {
  if (result.stage === 'address') {
    return new AppError(
      422,
      'MISSING_SHIP_TO',
      'The requester has no shipping address. Add one, then approve again.',
      undefined,
      { result },
    );
  }
  if (result.stage === 'config')
    return new AppError(409, 'PUNCHOUT_NOT_CONFIGURED', result.error ?? 'Punchout settings are missing', undefined, {
      result,
    });
  return undefined;
}

export function supplierRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  for (const [path, mode] of [
    ['/admin/orders/:id/approve', 'approve'],
    ['/admin/orders/:id/retry', 'retry'],
  ] as const) {
    router.post(path, allow.adminsWithMessage(APPROVE_FORBIDDEN), async (req, res) => {
      const ctx = contextFor(req);
      const id = parseId(req.params);
      const { result, order } = await attemptSubmission(ctx, id, mode);
      const refusal = refusalFor(result);
      if (refusal || !order) throw refusal ?? new Error('a sent order comes back with its state');
      // The requester's mail was queued with the outcome, in the same statement.
      const body: SubmissionResponse = { result, order };
      res.json(body);
    });
  }

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
