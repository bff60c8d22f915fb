import { healthResponseSchema, livenessResponseSchema, readinessResponseSchema } from '../health.js';
import { endpoint } from './endpoint.js';

const tag = 'Health';

export const healthEndpoints = {
  health: endpoint({
    method: 'get',
    path: '/api/health',
    summary: 'Health with the database, the version and the latest job runs',
    description: '503 with the same body when the database does not answer.',
    tag,
    access: 'public',
    responses: { 200: healthResponseSchema, 503: healthResponseSchema },
  }),
  live: endpoint({
    method: 'get',
    path: '/api/health/live',
    summary: 'Liveness probe: the process answers (never touches the database)',
    tag,
    access: 'public',
    responses: { 200: livenessResponseSchema },
  }),
  ready: endpoint({
    method: 'get',
    path: '/api/health/ready',
    summary: 'Readiness probe: the database answers and every migration is applied',
    description: '503 with the same body when not ready.',
    tag,
    access: 'public',
    responses: { 200: readinessResponseSchema, 503: readinessResponseSchema },
  }),
};
