import { Router } from 'express';
import { idempotencyKeySchema, orderIdParamsSchema, ownOrdersQuerySchema } from '../../contracts/order-submission.js';
import { AppError } from '../../http/app-error.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { getOwnOrderDetail, listOrdersFor, submitOrder } from './orders.service.js';

export function ordersRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.post('/orders', allow.roles('doctor', 'user', 'provider'), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const key = idempotencyKeySchema.parse(req.get('idempotency-key'));
    const { order, isReplay } = await submitOrder(contextFor(req), req.auth, key, req.body);
    res.status(isReplay ? 200 : 201).json(order);
  });

  router.get('/orders', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json({ data: await listOrdersFor(contextFor(req), req.auth, ownOrdersQuerySchema.parse(req.query)) });
  });

  router.get('/orders/:id', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    // A malformed id is as unknown as someone else's: 404, not 400.
    const params = orderIdParamsSchema.safeParse(req.params);
    if (!params.success) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    res.json(await getOwnOrderDetail(contextFor(req), req.auth.userId, params.data.id));
  });

  return router;
}
