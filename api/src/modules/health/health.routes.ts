import { Router } from 'express';

import { checkHealth } from './health.service.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';

export function healthRoutes({ contextFor, version, startedAt }: RouteDependencies): Router {
  const router = Router();
  router.get('/health', allow.public(), async (req, res) => {
    const health = await checkHealth(contextFor(req), { version, startedAt });
    res.status(health.db === 'ok' ? 200 : 503).json(health);
  });
  return router;
}
