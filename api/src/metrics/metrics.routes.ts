import { Router } from 'express';

import { AppError } from '../http/app-error.js';
import { allow } from '../http/policy.js';
import type { RouteDependencies } from '../http/route-dependencies.js';
import { metricsAccess } from './metrics-access.js';
import { createScrape } from './scrape.js';

/**
 * GET /metrics, at the app's root where Prometheus looks by default. Mounted whether or not it is
 * enabled, so that when off it answers the API's 404 rather than falling through to the SPA's page.
 */
export function metricsRoutes({ db, config }: Pick<RouteDependencies, 'db' | 'config'>): Router {
  const router = Router();
  const scrape = config.metrics.isEnabled ? createScrape(db) : undefined;
  const isAllowed = metricsAccess(config.metrics);
  router.get('/metrics', allow.public(), async (req, res) => {
    if (!scrape) throw AppError.notFound('No route for GET /metrics', 'ROUTE_NOT_FOUND');
    // The allowlist judges the connection itself, never a forwarded address: with TRUST_PROXY set
    // (1, a subnet) any directly connected host could claim 127.0.0.1 in X-Forwarded-For. A scrape
    // through a proxy carries one of these headers and must bring the token instead.
    const isProxied = req.get('x-forwarded-for') !== undefined || req.get('forwarded') !== undefined;
    const address = isProxied ? undefined : req.socket.remoteAddress;
    if (!isAllowed({ address, authorization: req.get('authorization') })) {
      throw new AppError(403, 'FORBIDDEN', 'Metrics are not served to this client.');
    }
    const text = await scrape.render();
    res.setHeader('Cache-Control', 'no-store');
    res.type(scrape.contentType).send(text);
  });
  return router;
}
