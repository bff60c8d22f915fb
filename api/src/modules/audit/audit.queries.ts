import type { Knex } from 'knex';

import { FAILURE_ACTIONS, type AuditEventFilter } from '../../contracts/audit.js';
import type { Db } from '../../database/connection.js';
import { startsWithPattern } from '../../database/like-pattern.js';

export interface AuditEventInput {
  actorUserId: string | null;
  actorLabel: string;
  action: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'success' | 'failure';
  clientAddress?: string;
  requestId?: string;
  details?: Record<string, unknown>;
}

export async function insertAuditEvent(db: Db, event: AuditEventInput): Promise<void> {
  await db('audit_events').insert({
    actor_user_id: event.actorUserId,
    actor_label: event.actorLabel,
    action: event.action,
    target_type: event.targetType ?? null,
    target_id: event.targetId ?? null,
    outcome: event.outcome ?? 'success',
    client_address: event.clientAddress ?? null,
    request_id: event.requestId ?? null,
    details: JSON.stringify(event.details ?? {}),
  });
}

/** What the back office shows of an audit event, in its list and on its own page. */
export const AUDIT_EVENT_COLUMNS = [
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
] as const;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * What a reader recognises the target by instead of its id: an order's number, a user's e-mail,
 * a product's title, the name of a location, department or standing order, a budget's department,
 * a supplier's invoice number. Looked up per row of a page (by primary key), so it costs one index
 * read a row; a deleted order, location or department keeps what its audit details recorded, other deleted
 * targets their id.
 */
const TARGET_LABEL_SQL = `CASE WHEN e.target_id ~ '${UUID_PATTERN}' THEN CASE e.target_type
    WHEN 'order' THEN coalesce((SELECT order_number FROM orders WHERE id = e.target_id::uuid), e.details->>'order_number')
    WHEN 'user' THEN (SELECT email FROM users WHERE id = e.target_id::uuid)
    WHEN 'product' THEN (SELECT title FROM products WHERE id = e.target_id::uuid)
    WHEN 'location' THEN coalesce((SELECT name FROM locations WHERE id = e.target_id::uuid), e.details->>'name')
    WHEN 'department' THEN coalesce((SELECT name FROM departments WHERE id = e.target_id::uuid), e.details->>'name')
    WHEN 'budget' THEN (SELECT d.name FROM budgets AS b JOIN departments AS d ON d.id = b.department_id
                        WHERE b.id = e.target_id::uuid)
    WHEN 'standing_order' THEN (SELECT name FROM standing_orders WHERE id = e.target_id::uuid)
    WHEN 'invoice' THEN (SELECT invoice_id FROM invoices WHERE id = e.target_id::uuid)
  END END AS target_label`;

/** A page (or any query) of audit rows, given as the subquery "e", with the readable labels added. */
export function withReadableLabels(db: Db, rows: Knex.QueryBuilder) {
  return db.from(rows.as('e')).select('e.*', db.raw(TARGET_LABEL_SQL));
}

export async function selectAuditEvent(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  return (await withReadableLabels(
    db,
    db('audit_events')
      .select(...AUDIT_EVENT_COLUMNS)
      .where({ id }),
  ).first()) as Record<string, unknown> | undefined;
}

/** The audit rows a filter matches (not yet ordered or selected). */
function filteredAuditEvents(db: Db, filter: AuditEventFilter) {
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

export interface AuditEventOrder {
  field: 'occurred_at' | 'action';
  order: 'asc' | 'desc';
}

function orderBy(sort: AuditEventOrder) {
  return [
    { column: sort.field, order: sort.order },
    { column: 'id', order: 'desc' },
  ];
}

/** One page of the filtered log with the labels, and how many rows the filter matches in all. */
export async function selectAuditEventPage(
  db: Db,
  filter: AuditEventFilter,
  sort: AuditEventOrder,
  range: { offset: number; limit: number },
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const order = orderBy(sort);
  // The page first, then the labels for its rows only.
  const page = filteredAuditEvents(db, filter)
    .select(...AUDIT_EVENT_COLUMNS, db.raw('count(*) OVER ()::int AS total'))
    .orderBy(order)
    .offset(range.offset)
    .limit(range.limit);
  const rows: Record<string, unknown>[] = await withReadableLabels(db, page).orderBy(order);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** The filtered log for an export: the given columns plus id and details, which feed the labels. */
export async function selectAuditEventsForExport(
  db: Db,
  filter: AuditEventFilter,
  sort: AuditEventOrder,
  columns: readonly string[],
  limit: number,
): Promise<Record<string, unknown>[]> {
  const order = orderBy(sort);
  // id and details feed the labels (a deleted order's number is in its details).
  const matching = filteredAuditEvents(db, filter)
    .select('id', 'details', ...columns)
    .orderBy(order)
    .limit(limit);
  return withReadableLabels(db, matching).orderBy(order);
}
