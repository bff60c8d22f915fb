import { Router } from 'express';
import { z } from 'zod';

import { FAILURE_ACTIONS, auditActionLabel, auditOutcome } from '../../contracts/audit.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import type { Db } from '../../database/connection.js';
import { startsWithPattern } from '../../database/like-pattern.js';
import { AppError } from '../../http/app-error.js';
import { parseIdParam } from '../../http/id-param.js';
import { idFilter, parseListQuery, sendList } from '../../http/list-query.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { AUDIT_EVENT_COLUMNS, selectAuditEvent, withReadableLabels } from './audit.queries.js';
import { recordAudit } from './audit.service.js';

const SORTS = ['occurred_at', 'action'] as const;
const EXPORT_COLUMNS = [
  'occurred_at',
  'actor_label',
  'action_label',
  'action',
  'target_type',
  'target_label',
  'target_id',
  'outcome',
  'client_address',
  'request_id',
] as const;
// Audit events are numbered (bigserial): anything else, or a number past bigint, is not one and never reaches SQL.
const MAX_BIGINT = 9_223_372_036_854_775_807n;
const auditEventIdSchema = z.object({
  id: z
    .string()
    // abort: the bound is only checked on digits (BigInt of anything else throws).
    .regex(/^[1-9]\d{0,18}$/, { abort: true })
    .refine((id) => BigInt(id) <= MAX_BIGINT),
});
const NOT_FOUND = { message: 'Audit event not found', code: 'AUDIT_EVENT_NOT_FOUND' } as const;

const filterSchema = z.object({
  id: idFilter(auditEventIdSchema.shape.id),
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(100).optional(),
  actor_user_id: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

/** An audit row as a reader sees it: with the plain action label beside the stored action name. */
function readableEvent(row: Record<string, unknown>): Record<string, unknown> {
  const action = String(row.action);
  return {
    ...row,
    action_label: auditActionLabel(action),
    outcome: auditOutcome(action, row.outcome as 'success' | 'failure'),
  };
}

function filteredAuditEvents(db: Db, filter: z.infer<typeof filterSchema>) {
  const query = db('audit_events');
  const { id, action, from, to, outcome, ...exact } = filter;
  if (id !== undefined) query.whereIn('id', Array.isArray(id) ? id : [id]);
  if (action) query.where('action', 'like', startsWithPattern(action));
  // The outcome as shown (auditOutcome): failure actions are failures whatever was stored.
  if (outcome === 'failure') query.where((where) => where.where({ outcome }).orWhereIn('action', FAILURE_ACTIONS));
  if (outcome === 'success') query.where({ outcome }).whereNotIn('action', FAILURE_ACTIONS);
  if (from) query.where('occurred_at', '>=', from);
  if (to) query.whereRaw(`occurred_at < (?::date + 1)`, [to]);
  for (const [column, value] of Object.entries(exact)) if (value !== undefined) query.where(column, value);
  return query;
}

/** The audit log, read only (admin). */
export function auditRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/admin/audit-events', allow.roles('admin'), async (req, res) => {
    const { db } = contextFor(req);
    const list = parseListQuery(req.query, {
      sortFields: SORTS,
      defaultSort: { field: 'occurred_at', order: 'desc' },
      filter: filterSchema,
    });
    const order = [
      { column: list.sort.field, order: list.sort.order },
      { column: 'id', order: 'desc' },
    ];
    // The page first, then the labels for its rows only.
    const page = filteredAuditEvents(db, list.filter)
      .select(...AUDIT_EVENT_COLUMNS, db.raw('count(*) OVER ()::int AS total'))
      .orderBy(order)
      .offset(list.range.offset)
      .limit(list.range.limit);
    const rows: Record<string, unknown>[] = await withReadableLabels(db, page).orderBy(order);
    const total = Number(rows[0]?.total ?? 0);
    sendList(
      res,
      rows.map(({ total: _total, ...row }) => readableEvent(row)),
      total,
      list.range,
      'audit-events',
    );
  });

  /** CSV of the filtered audit log (at most 50,000 rows), itself audited. */
  router.get('/admin/audit-events/export', allow.roles('admin'), async (req, res) => {
    const ctx = contextFor(req);
    const list = parseListQuery(req.query, {
      sortFields: SORTS,
      defaultSort: { field: 'occurred_at', order: 'desc' },
      filter: filterSchema,
    });
    const order = [
      { column: list.sort.field, order: list.sort.order },
      { column: 'id', order: 'desc' },
    ];
    const matching = filteredAuditEvents(ctx.db, list.filter)
      // id and details feed the labels (a deleted order's number is in its details).
      .select(
        'id',
        'details',
        ...EXPORT_COLUMNS.filter((column) => column !== 'action_label' && column !== 'target_label'),
      )
      .orderBy(order)
      .limit(50_000);
    const rows = (await withReadableLabels(ctx.db, matching).orderBy(order)).map(readableEvent);
    await recordAudit(ctx, { action: 'audit.export', targetType: 'audit_events', details: { rows: rows.length } });
    const csv = toSpreadsheetSafeCsv(
      rows.map(
        (row) =>
          ({ ...row, occurred_at: (row.occurred_at as Date).toISOString() }) as Record<
            (typeof EXPORT_COLUMNS)[number],
            unknown
          >,
      ),
      [...EXPORT_COLUMNS],
    );
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="audit-events-${ctx.now().toISOString().slice(0, 10)}.csv"`,
    );
    res.send(csv);
  });

  // After /export, which is not an id.
  router.get('/admin/audit-events/:id', allow.roles('admin'), async (req, res) => {
    const event = await selectAuditEvent(contextFor(req).db, parseIdParam(req.params, NOT_FOUND, auditEventIdSchema));
    if (!event) throw AppError.notFound(NOT_FOUND.message, NOT_FOUND.code);
    res.json(readableEvent(event));
  });
  return router;
}
