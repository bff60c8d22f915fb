import express, { Router } from 'express';

import {
  countParamsSchema,
  LOCATION_SORTS,
  locationFilterSchema,
  stockListImportQuerySchema,
} from '../../contracts/locations.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import { mountRaResource } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  createLocation,
  getLocation,
  importStockList,
  listLocations,
  updateLocation,
} from './locations-admin.service.js';
import { exportParReview, getParReview, listLocationCounts } from './par-review.service.js';
import {
  addCountToCart,
  submitCountAsOrder,
  getMyLocation,
  listMyLocations,
  recordCount,
  type Counter,
} from './locations.service.js';

/** A stock-list CSV of 1,000 lines is about 40 KB. */
const CSV_LIMIT = '1mb';

/** /api/admin/locations: admins manage locations and their stock lists. */
export function adminLocationsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  mountRaResource(router, {
    name: 'locations',
    readRoles: ['admin'],
    writeRoles: ['admin'],
    list: {
      sortFields: LOCATION_SORTS,
      defaultSort: { field: 'name', order: 'asc' },
      filter: locationFilterSchema,
      load: (req, page) => listLocations(contextFor(req), page),
    },
    get: (req, id) => getLocation(contextFor(req), id),
    create: (req, body) => createLocation(contextFor(req), body),
    update: (req, id, body) => updateLocation(contextFor(req), id, body),
  });

  router.post(
    '/admin/locations/:id/stock-list/import',
    allow.roles('admin'),
    express.text({ type: ['text/csv', 'text/plain'], limit: CSV_LIMIT }),
    async (req, res) => {
      const id = parseIdParam(req.params);
      const { dry_run: dryRun } = stockListImportQuerySchema.parse(req.query);
      res.json(await importStockList(contextFor(req), id, req.body, { dryRun: dryRun === 'true' }));
    },
  );

  router.get('/admin/locations/:id/counts', allow.roles('admin'), async (req, res) => {
    res.json({ data: await listLocationCounts(contextFor(req), parseIdParam(req.params)) });
  });

  router.get('/admin/locations/:id/par-review', allow.roles('admin'), async (req, res) => {
    res.json(await getParReview(contextFor(req), parseIdParam(req.params)));
  });

  router.get('/admin/locations/:id/par-review/export', allow.roles('admin'), async (req, res) => {
    const { fileName, csv } = await exportParReview(contextFor(req), parseIdParam(req.params));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.send(csv);
  });

  return router;
}

function counterOf(req: express.Request): Counter {
  if (!req.auth) throw notSignedInError(req.authRejection);
  return { userId: req.auth.userId, roles: req.auth.roles };
}

/** /api/locations: count and top up, for the location's department and admins (others: 404). */
export function locationsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/locations', allow.owner(), async (req, res) => {
    res.json(await listMyLocations(contextFor(req), counterOf(req)));
  });

  router.get('/locations/:id', allow.owner(), async (req, res) => {
    res.json(await getMyLocation(contextFor(req), counterOf(req), parseIdParam(req.params)));
  });

  router.post('/locations/:id/counts', allow.owner(), async (req, res) => {
    const counter = counterOf(req);
    res.status(201).json(await recordCount(contextFor(req), counter, parseIdParam(req.params), req.body));
  });

  router.post('/locations/:id/counts/:countId/add-to-cart', allow.owner(), async (req, res) => {
    const counter = counterOf(req);
    const params = countParamsSchema.parse(req.params);
    res.json(await addCountToCart(contextFor(req), counter, params.id, params.countId));
  });

  router.post('/locations/:id/counts/:countId/order', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const params = countParamsSchema.parse(req.params);
    const { order, isReplay } = await submitCountAsOrder(
      contextFor(req),
      req.auth,
      params.id,
      params.countId,
      req.body,
    );
    res.status(isReplay ? 200 : 201).json(order);
  });

  return router;
}
