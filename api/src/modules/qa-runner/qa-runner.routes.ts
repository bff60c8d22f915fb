import { Router } from 'express';
import { z } from 'zod';

import { AppError } from '../../http/app-error.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { createQaOrder, removeQaOrders } from './qa-runner.service.js';

const QA_RESULT_KEY = 'qa_runner_last_result';
const resultSchema = z.object({
  status: z.enum(['success', 'error']),
  steps: z
    .array(
      z.object({
        name: z.string().max(200),
        status: z.enum(['pending', 'running', 'success', 'error']),
        message: z.string().max(1000).nullish(),
      }),
    )
    .max(20),
  finished_at: z.string().max(40),
});

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
    const row = await contextFor(req).db('app_kv').where({ key: QA_RESULT_KEY }).first('value', 'updated_at');
    res.json({ result: row?.value ?? null, demo_mode: config.isDemoMode });
  });

  /** The last run is kept in app_kv (admin-portal §3); saving it ends the run, so its QA orders are removed. */
  router.put('/admin/qa-runner/result', allow.roles('admin'), async (req, res) => {
    requireDemoMode();
    const ctx = contextFor(req);
    const result = resultSchema.parse(req.body);
    await ctx
      .db('app_kv')
      .insert({ key: QA_RESULT_KEY, value: JSON.stringify(result), updated_at: ctx.now() })
      .onConflict('key')
      .merge(['value', 'updated_at']);
    const removedOrders = await removeQaOrders(ctx);
    res.json({ result, removed_orders: removedOrders });
  });

  return router;
}
