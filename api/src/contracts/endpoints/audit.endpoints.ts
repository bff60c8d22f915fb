import { z } from 'zod';

import { auditEventParamsSchema, auditEventSchema } from '../audit.js';
import { endpoint } from './endpoint.js';

const TAG = 'Admin: audit log';
const ADMIN = { roles: ['admin'] } as const;

/** The audit log, read only (admin); the list speaks ra-data-simple-rest (filter: auditEventFilterSchema). */
export const auditEndpoints = {
  listAuditEvents: endpoint({
    method: 'get',
    path: '/api/admin/audit-events',
    summary: 'List audit events',
    description: 'Newest first by default; filter by id, action prefix, outcome, target, actor and date range.',
    tag: TAG,
    access: ADMIN,
    responses: { 200: z.array(auditEventSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  exportAuditEvents: endpoint({
    method: 'get',
    path: '/api/admin/audit-events/export',
    summary: 'Export audit events as CSV',
    description: 'The filtered log (at most 50,000 rows) as a spreadsheet-safe CSV; the export is itself audited.',
    tag: TAG,
    access: ADMIN,
    responses: { 200: { contentType: 'text/csv', description: 'One row per audit event' } },
    errors: [400, 401, 403],
  }),
  getAuditEvent: endpoint({
    method: 'get',
    path: '/api/admin/audit-events/:id',
    summary: 'Read one audit event',
    tag: TAG,
    access: ADMIN,
    params: auditEventParamsSchema,
    responses: { 200: auditEventSchema },
    errors: [400, 401, 403, 404],
  }),
} as const;
