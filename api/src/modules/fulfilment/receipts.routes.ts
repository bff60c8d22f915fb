import { Router } from 'express';

import { receiptRequestSchema } from '../../contracts/fulfilment.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { readAdminOrderFulfilment } from './fulfilment.service.js';
import { receiveOrder } from './receipts.service.js';

const ORDER_NOT_FOUND = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };

/**
 * POST /api/orders/:id/receipts: what arrived on the ward; answers the order's fulfilment.
 * GET /api/admin/orders/:id/fulfilment: the same for the back office, with the supplier's documents.
 */
export function receiptsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/admin/orders/:id/fulfilment', allow.roles('admin'), async (req, res) => {
    res.json(await readAdminOrderFulfilment(contextFor(req), parseIdParam(req.params, ORDER_NOT_FOUND)));
  });
  router.post('/orders/:id/receipts', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const orderId = parseIdParam(req.params, ORDER_NOT_FOUND);
    const receipt = receiptRequestSchema.parse(req.body);
    const fulfilment = await receiveOrder(contextFor(req), req.auth, orderId, receipt);
    res.status(201).json(fulfilment);
  });
  return router;
}
