import { Router } from 'express';
import { z } from 'zod';

import { AppError } from '../../http/app-error.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { getAdminOrder } from '../admin-orders/admin-orders.service.js';
import { notifyRequester } from '../notifications/order-notifications.service.js';
import { submitOrderToSupplier, type SubmissionResult } from './supplier-submission.service.js';
import { selectLatestAbLogs } from './supplier.queries.js';

const APPROVE_FORBIDDEN = 'Admin Access Required: Only administrators can approve orders.';

function parseId(params: unknown): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  return parsed.data.id;
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
      const result = await submitOrderToSupplier(ctx, id, mode);
      const refusal = refusalFor(result);
      if (refusal) throw refusal;
      await notifyRequester(ctx, id, result.ok ? 'submitted' : 'failed');
      res.json({ result, order: await getAdminOrder(ctx, id) });
    });
  }

  /** The newest 25 integration log entries (admin-portal §9); the stored request never holds the secret. */
  router.get('/admin/ab-logs', allow.roles('admin'), async (req, res) => {
    res.json({ data: await selectLatestAbLogs(contextFor(req).db, 25) });
  });

  return router;
}
