import { randomUUID } from 'node:crypto';

import { Router } from 'express';
import { z } from 'zod';

import { AppError } from '../../http/app-error.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { submitOrder } from '../orders/orders.service.js';
import { selectRoles, selectUserByEmail } from '../users/users.queries.js';

const QA_RESULT_KEY = 'qa_runner_last_result';
const DEMO_REQUESTER = 'doctor@demo.supplyhub.test';
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

  /** A pending test order placed for the demo doctor, as the order journey of a provider would. */
  router.post('/admin/qa-runner/order', allow.roles('admin'), async (req, res) => {
    requireDemoMode();
    const ctx = contextFor(req);
    const requester = await selectUserByEmail(ctx.db, DEMO_REQUESTER);
    if (!requester) throw AppError.conflict('DEMO_DATA_MISSING', 'The demo accounts are not loaded.');
    const product = await ctx
      .db('products')
      .where({ active: true })
      .whereNotNull('price')
      .orderBy('title')
      .first('asin');
    if (!product) throw AppError.conflict('CATALOG_EMPTY', 'The catalogue has no active product.');
    const { order } = await submitOrder(
      { ...ctx, actor: { kind: 'user', userId: requester.id, label: requester.email } },
      { userId: requester.id, email: requester.email, roles: await selectRoles(ctx.db, requester.id) },
      `qa-runner-${randomUUID()}`,
      { lines: [{ asin: product.asin, quantity: 1 }] },
    );
    res.status(201).json(order);
  });

  router.get('/admin/qa-runner/result', allow.roles('admin'), async (req, res) => {
    const row = await contextFor(req).db('app_kv').where({ key: QA_RESULT_KEY }).first('value', 'updated_at');
    res.json({ result: row?.value ?? null, demo_mode: config.isDemoMode });
  });

  /** The last run is kept in app_kv (admin-portal §3). */
  router.put('/admin/qa-runner/result', allow.roles('admin'), async (req, res) => {
    requireDemoMode();
    const ctx = contextFor(req);
    const result = resultSchema.parse(req.body);
    await ctx
      .db('app_kv')
      .insert({ key: QA_RESULT_KEY, value: JSON.stringify(result), updated_at: ctx.now() })
      .onConflict('key')
      .merge(['value', 'updated_at']);
    res.json({ result });
  });

  return router;
}
