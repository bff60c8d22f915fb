import { Router } from 'express';

import { AUDIT_EVENT_SORTS, auditEventFilterSchema, auditEventParamsSchema } from '../../contracts/audit.js';
import { AppError } from '../../http/app-error.js';
import { parseIdParam } from '../../http/id-param.js';
import { parseListQuery, sendList } from '../../http/list-query.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { exportAuditEvents, listAuditEvents, readAuditEvent } from './audit.service.js';

const NOT_FOUND = { message: 'Audit event not found', code: 'AUDIT_EVENT_NOT_FOUND' } as const;
const LIST_OPTIONS = {
  sortFields: AUDIT_EVENT_SORTS,
  defaultSort: { field: 'occurred_at', order: 'desc' },
  filter: auditEventFilterSchema,
} as const;

/** The audit log, read only (admin). */
export function auditRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/admin/audit-events', allow.roles('admin'), async (req, res) => {
    const list = parseListQuery(req.query, LIST_OPTIONS);
    const { rows, total } = await listAuditEvents(contextFor(req), list.filter, list.sort, list.range);
    sendList(res, rows, total, list.range, 'audit-events');
  });

  /** CSV of the filtered audit log (at most 50,000 rows), itself audited. */
  router.get('/admin/audit-events/export', allow.roles('admin'), async (req, res) => {
    const list = parseListQuery(req.query, LIST_OPTIONS);
    const { csv, filename } = await exportAuditEvents(contextFor(req), list.filter, list.sort);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.send(csv);
  });

  // After /export, which is not an id.
  router.get('/admin/audit-events/:id', allow.roles('admin'), async (req, res) => {
    const id = parseIdParam(req.params, NOT_FOUND, auditEventParamsSchema);
    const event = await readAuditEvent(contextFor(req), id);
    if (!event) throw AppError.notFound(NOT_FOUND.message, NOT_FOUND.code);
    res.json(event);
  });
  return router;
}
