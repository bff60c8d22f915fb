import { Router } from 'express';

import { qaRunResultSchema } from '../../contracts/qa-runner.js';
import { AppError } from '../../http/app-error.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { createQaOrder, readQaRunnerState, saveQaResult } from './qa-runner.service.js';

/** The QA runner's server half (admin-portal §2.12): demo mode only, outside it the spec's refusal. */
export function qaRunnerRoutes({ contextFor, config }: RouteDependencies): Router {
  const router = Router();
  const requireDemoMode = () => {
    if (!config.isDemoMode) throw new AppError(403, 'QA_PREVIEW_ONLY', 'QA Runner only works in preview mode');
  };

  /** A pending QA order, attributed to the admin running the test (qa-runner.service). */
  router.post('/admin/qa-runner/order', allow.roles('admin'), async (req, res) => {
    requireDemoMode();
    res.status(201).json(await createQaOrder(contextFor(req)));
  });

  router.get('/admin/qa-runner/result', allow.roles('admin'), async (req, res) => {
    res.json(await readQaRunnerState(contextFor(req)));
  });

  /** The last run is kept in app_kv (admin-portal §3); saving it ends the run, so its QA orders are removed. */
  router.put('/admin/qa-runner/result', allow.roles('admin'), async (req, res) => {
    requireDemoMode();
    res.json(await saveQaResult(contextFor(req), qaRunResultSchema.parse(req.body)));
  });

  return router;
}
