import { Router } from 'express';

import { receiptRequestSchema, receiveInFullRequestSchema } from '../../contracts/fulfilment.js';
import { ORDER_FOLLOWING_ROLES } from '../../contracts/roles.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { readAdminOrderFulfilment } from './fulfilment.service.js';
import { receiveOrder, receiveOrderInFull } from './receipts.service.js';

const ORDER_NOT_FOUND = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };

/**
 * POST /api/orders/:id/receipts: what arrived on the ward; answers the order's fulfilment.
 * POST /api/orders/:id/receipts/in-full: "Received in full", what was shipped (and, asked, the rest).
 * GET /api/admin/orders/:id/fulfilment: the same for the back office, with the supplier's documents.
 */
export function receiptsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/admin/orders/:id/fulfilment', allow.roles('admin'), async (req, res) => {
    res.json(await readAdminOrderFulfilment(contextFor(req), parseIdParam(req.params, ORDER_NOT_FOUND)));
  });
  router.post('/orders/:id/receipts', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const orderId = parseIdParam(req.params, ORDER_NOT_FOUND);
    const receipt = receiptRequestSchema.parse(req.body);
    const fulfilment = await receiveOrder(contextFor(req), req.auth, orderId, receipt);
    res.status(201).json(fulfilment);
  });
  router.post('/orders/:id/receipts/in-full', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const orderId = parseIdParam(req.params, ORDER_NOT_FOUND);
    const request = receiveInFullRequestSchema.parse(req.body ?? {});
    res.status(201).json(await receiveOrderInFull(contextFor(req), req.auth, orderId, request));
  });
  return router;
}
