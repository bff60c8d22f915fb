import { Router } from 'express';

import { ADMIN_STANDING_ORDER_SORTS, adminStandingOrderFilterSchema } from '../../contracts/standing-orders.js';
import { ORDER_FOLLOWING_ROLES } from '../../contracts/roles.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import { mountRaResource } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  createStandingOrder,
  getStandingOrder,
  listStandingOrders,
  pauseStandingOrder,
  updateStandingOrder,
} from './standing-orders.service.js';
import {
  createLocationStandingOrder,
  getLocationStandingOrder,
  listLocationStandingOrders,
  listStandingOrderRequesters,
  updateLocationStandingOrder,
} from './standing-orders-admin.service.js';

function parseId(params: unknown): string {
  return parseIdParam(params, { message: 'Standing order not found', code: 'STANDING_ORDER_NOT_FOUND' });
}

/** The caller's own standing orders; another user's answer like missing ones. */
export function standingOrdersRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/standing-orders', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json({ data: await listStandingOrders(contextFor(req), req.auth.userId) });
  });

  router.post('/standing-orders', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const owner = { userId: req.auth.userId, roles: req.auth.roles };
    res.status(201).json(await createStandingOrder(contextFor(req), owner, req.body));
  });

  router.get('/standing-orders/:id', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await getStandingOrder(contextFor(req), req.auth.userId, parseId(req.params)));
  });

  router.put('/standing-orders/:id', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await updateStandingOrder(contextFor(req), req.auth.userId, parseId(req.params), req.body));
  });

  router.post('/standing-orders/:id/pause', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await pauseStandingOrder(contextFor(req), req.auth.userId, parseId(req.params), true));
  });

  router.post('/standing-orders/:id/resume', allow.roles(...ORDER_FOLLOWING_ROLES), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await pauseStandingOrder(contextFor(req), req.auth.userId, parseId(req.params), false));
  });

  return router;
}

/** /api/admin/standing-orders: standing orders an administrator sets for ward locations. */
export function adminStandingOrdersRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  mountRaResource(router, {
    name: 'standing-orders',
    readRoles: ['admin'],
    writeRoles: ['admin'],
    list: {
      sortFields: ADMIN_STANDING_ORDER_SORTS,
      defaultSort: { field: 'created_at', order: 'desc' },
      filter: adminStandingOrderFilterSchema,
      load: (req, page) => listLocationStandingOrders(contextFor(req), page),
    },
    get: (req, id) => getLocationStandingOrder(contextFor(req), id),
    create: (req, body) => createLocationStandingOrder(contextFor(req), body),
    update: (req, id, body) => updateLocationStandingOrder(contextFor(req), id, body),
    parseId,
  });
  router.get('/admin/locations/:id/standing-order-requesters', allow.roles('admin'), async (req, res) => {
    const locationId = parseIdParam(req.params, { message: 'Location not found', code: 'LOCATION_NOT_FOUND' });
    res.json(await listStandingOrderRequesters(contextFor(req), locationId));
  });

  return router;
}
