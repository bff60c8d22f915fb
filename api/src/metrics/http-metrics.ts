import { performance } from 'node:perf_hooks';

import type { RequestHandler } from 'express';

import { allEndpoints } from '../contracts/endpoints/index.js';
import { endpointFinder } from '../http/response-contract.js';
import { methodLabel, UNMATCHED_ROUTE } from './metric-labels.rules.js';
import { recordHttpRequest } from './metrics.js';

/**
 * Times every request and labels it by the route template of its declared operation
 * (`/api/orders/:id`), found as the test-time contract check finds it; anything else (SPA pages,
 * files, unknown paths) is "unmatched". The label never holds a path as sent, so no id reaches it.
 */
export function httpMetrics(): RequestHandler {
  const findOperation = endpointFinder(allEndpoints);
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      recordHttpRequest(
        {
          method: methodLabel(req.method),
          route: findOperation(req)?.path ?? UNMATCHED_ROUTE,
          status_code: String(res.statusCode),
        },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
