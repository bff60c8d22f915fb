import { Router } from 'express';

import { recallNotifySchema, recallQuerySchema } from '../../contracts/recalls.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { exportRecall, lookUpRecall, notifyRecall } from './recalls.service.js';

/** Recall lookup, administrators only. */
export function recallsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/admin/recalls/receipts', allow.roles('admin'), async (req, res) => {
    res.json(await lookUpRecall(contextFor(req), recallQuerySchema.parse(req.query)));
  });

  router.get('/admin/recalls/receipts/export', allow.roles('admin'), async (req, res) => {
    const { fileName, csv } = await exportRecall(contextFor(req), recallQuerySchema.parse(req.query));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.send(csv);
  });

  router.post('/admin/recalls/notify', allow.roles('admin'), async (req, res) => {
    res.json(await notifyRecall(contextFor(req), recallNotifySchema.parse(req.body)));
  });

  return router;
}
