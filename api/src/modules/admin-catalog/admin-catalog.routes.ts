import { Router } from 'express';

import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { auditCatalog } from '../catalog/catalog.service.js';
import { bootstrapCatalogBelowThreshold, exportActiveCatalog } from './admin-catalog.service.js';

/** The catalogue audit page (admin-portal §2.9): audit, one-time bootstrap, active export. */
export function adminCatalogRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/admin/catalog/audit', allow.roles('admin'), async (req, res) => {
    res.json(await auditCatalog(contextFor(req)));
  });

  router.post('/admin/catalog/bootstrap', allow.roles('admin'), async (req, res) => {
    res.json(await bootstrapCatalogBelowThreshold(contextFor(req)));
  });

  router.get('/admin/catalog/export', allow.roles('admin'), async (req, res) => {
    const { fileName, csv } = await exportActiveCatalog(contextFor(req));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.send(csv);
  });

  return router;
}
