import { Router } from 'express';

import { canApproveOrders, isAdmin } from '../../contracts/roles.rules.js';
import { checkHealth, checkLiveness, checkReadiness } from './health.service.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';

export function healthRoutes({ contextFor, now, version, startedAt }: RouteDependencies): Router {
  const router = Router();
  router.get('/health', allow.public(), async (req, res) => {
    // What is wrong with the supplier settings names hosts and missing secrets: for those who fix
    // them or whose approvals they block, not for anyone who can reach the page.
    const showsSupplierProblems = req.auth !== undefined && canApproveOrders(req.auth.roles);
    // The reports' replica (lag, which database served): for those who run the databases.
    const showsDatabaseDetails = req.auth !== undefined && isAdmin(req.auth.roles);
    const health = await checkHealth(contextFor(req), {
      version,
      startedAt,
      showsSupplierProblems,
      showsDatabaseDetails,
    });
    res.status(health.db === 'ok' ? 200 : 503).json(health);
  });
  // For orchestrators: restart on a failed liveness probe, route traffic only on a passed readiness one.
  router.get('/health/live', allow.public(), (_req, res) => {
    res.json(checkLiveness(now(), { version, startedAt }));
  });
  router.get('/health/ready', allow.public(), async (req, res) => {
    const readiness = await checkReadiness(contextFor(req));
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  });
  return router;
}
