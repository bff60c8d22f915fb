import { Router } from 'express';
import {
  idempotencyKeySchema,
  ownOrdersQuerySchema,
  receivingOrdersQuerySchema,
} from '../../contracts/order-submission.js';
import { ORDER_FOLLOWING_ROLES, RECEIVING_ROLES } from '../../contracts/roles.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  getOrderToReceive,
  getOwnOrderDetail,
  listOrdersFor,
  listOrdersToReceive,
  submitOrder,
} from './orders.service.js';

export function ordersRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.post('/orders', allow.roles('doctor', 'user', 'provider'), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const key = idempotencyKeySchema.parse(req.get('idempotency-key'));
    const { order, isReplay } = await submitOrder(contextFor(req), req.auth, key, req.body);
    res.status(isReplay ? 200 : 201).json(order);
  });

  router.get('/orders', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json({ data: await listOrdersFor(contextFor(req), req.auth, ownOrdersQuerySchema.parse(req.query)) });
  });

  router.get('/orders/:id', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    // The one :id rule: a malformed id is a 400; someone else's order answers like a missing one, 404.
    res.json(await getOwnOrderDetail(contextFor(req), req.auth.userId, parseIdParam(req.params)));
  });

  // The deliveries a logistics administrator (or an admin) receives for the organisation.
  router.get('/receiving/orders', allow.roles(...RECEIVING_ROLES), async (req, res) => {
    res.json(await listOrdersToReceive(contextFor(req), receivingOrdersQuerySchema.parse(req.query)));
  });

  router.get('/receiving/orders/:id', allow.roles(...RECEIVING_ROLES), async (req, res) => {
    res.json(await getOrderToReceive(contextFor(req), parseIdParam(req.params)));
  });

  return router;
}
