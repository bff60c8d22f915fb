import type express from 'express';
import { Router } from 'express';

import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import type { Counter } from '../locations/locations.service.js';
import {
  exportExpiringStock,
  exportLocationExpiringStock,
  listExpiringStock,
  listLocationExpiringStock,
} from './expiring-stock.service.js';

function sendCsv(res: express.Response, { fileName, csv }: { fileName: string; csv: string }): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.send(csv);
}

function counterOf(req: express.Request): Counter {
  if (!req.auth) throw notSignedInError(req.authRejection);
  return { userId: req.auth.userId, roles: req.auth.roles };
}

/**
 * Expiring stock: the whole organisation's for administrators and logistics administrators; one
 * location's for its department's members (and admins), like the location's count page.
 */
export function expiringStockRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/admin/expiring', allow.roles('admin', 'logistics_admin'), async (req, res) => {
    res.json(await listExpiringStock(contextFor(req), req.query));
  });

  router.get('/admin/expiring/export', allow.roles('admin', 'logistics_admin'), async (req, res) => {
    sendCsv(res, await exportExpiringStock(contextFor(req), req.query));
  });

  router.get('/locations/:id/expiring', allow.owner(), async (req, res) => {
    const counter = counterOf(req);
    res.json(await listLocationExpiringStock(contextFor(req), counter, parseIdParam(req.params), req.query));
  });

  router.get('/locations/:id/expiring/export', allow.owner(), async (req, res) => {
    const counter = counterOf(req);
    sendCsv(res, await exportLocationExpiringStock(contextFor(req), counter, parseIdParam(req.params), req.query));
  });

  return router;
}
