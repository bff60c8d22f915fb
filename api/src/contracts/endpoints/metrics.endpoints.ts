import { endpoint } from './endpoint.js';

/** Prometheus's scrape target: mounted at the app root, outside /api, where Prometheus looks by default. */
export const metricsEndpoints = {
  metrics: endpoint({
    method: 'get',
    path: '/metrics',
    summary: 'Metrics in the Prometheus text format',
    description:
      'Off unless `METRICS_ENABLED=true` (404 `ROUTE_NOT_FOUND`). Served to client addresses in `METRICS_ALLOWED_FROM` ' +
      '(loopback by default) or to a request with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 403 `FORBIDDEN`. ' +
      'docs/operations.md lists the metrics.',
    tag: 'Metrics',
    access: 'public',
    responses: {
      200: { contentType: 'text/plain; version=0.0.4', description: 'Prometheus text exposition format 0.0.4' },
    },
    errors: [403, 404],
  }),
};
