import { Router } from 'express';
import { z } from 'zod';

import { parseListQuery, sendList } from '../../http/list-query.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';

const SORTS = ['occurred_at', 'action'] as const;
const filterSchema = z.object({
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(100).optional(),
  actor_user_id: z.uuid().optional(),
});

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
    const query = db('audit_events');
    const { action, ...exact } = list.filter;
    if (action) query.where('action', 'like', `${action.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    for (const [column, value] of Object.entries(exact)) if (value !== undefined) query.where(column, value);
    const rows: Record<string, unknown>[] = await query
      .select(
        'id',
        'occurred_at',
        'actor_user_id',
        'actor_label',
        'action',
        'target_type',
        'target_id',
        'outcome',
        'client_address',
        'request_id',
        'details',
        db.raw('count(*) OVER ()::int AS total'),
      )
      .orderBy([
        { column: list.sort.field, order: list.sort.order },
        { column: 'id', order: 'desc' },
      ])
      .offset(list.range.offset)
      .limit(list.range.limit);
    const total = Number(rows[0]?.total ?? 0);
    sendList(
      res,
      rows.map(({ total: _total, ...row }) => row),
      total,
      list.range,
      'audit-events',
    );
  });
  return router;
}
