import { Router } from 'express';

import { ADMIN_ORDER_SORTS, adminOrderFilterSchema, orderCountsQuerySchema } from '../../contracts/admin-orders.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow } from '../../http/policy.js';
import { mountRaList } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  countAdminOrders,
  countFulfilment,
  getAdminOrder,
  listAdminOrders,
  rejectOrder,
} from './admin-orders.service.js';

const NOT_FOUND = { message: 'Order not found', code: 'ORDER_NOT_FOUND' };

function parseId(params: unknown): string {
  return parseIdParam(params, NOT_FOUND);
}

/** /api/admin/orders: the latest 50 by default; status changes are commands, never a generic update. */
export function adminOrdersRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  mountRaList(router, 'orders', ['admin'], {
    sortFields: ADMIN_ORDER_SORTS,
    defaultSort: { field: 'created_at', order: 'desc' },
    filter: adminOrderFilterSchema,
    defaultLimit: 50,
    load: (req, page) => listAdminOrders(contextFor(req), page),
  });

  /** Tab counts (All Orders and each status) within the department, fulfilment and level filters, and the departments. */
  router.get('/admin/order-counts', allow.roles('admin'), async (req, res) => {
    res.json(await countAdminOrders(contextFor(req), orderCountsQuerySchema.parse(req.query)));
  });

  /** The dashboard's fulfilment counts, each matching a fulfilment filter of the list. */
  router.get('/admin/fulfilment-counts', allow.roles('admin'), async (req, res) => {
    res.json(await countFulfilment(contextFor(req)));
  });

  router.get('/admin/orders/:id', allow.roles('admin'), async (req, res) => {
    res.json(await getAdminOrder(contextFor(req), parseId(req.params)));
  });

  router.post('/admin/orders/:id/reject', allow.roles('admin'), async (req, res) => {
    res.json(await rejectOrder(contextFor(req), parseId(req.params), req.body));
  });

  return router;
}
