import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';
import { ORDER_ROW_COLUMNS, type OrderRow } from '../orders/orders.queries.js';

// The admin reads orders and their lines with the orders module's queries (one order shape).
export { selectOrderLines, selectOrders, type OrderLineRow, type OrderRow } from '../orders/orders.queries.js';
import { ADMIN_ORDER_SORTS, type AdminOrderFulfilmentFilter } from '../../contracts/admin-orders.js';
import { waitingAtLevelSql } from '../approvals/approvals.queries.js';
import { fulfilmentFilterSql } from './order-fulfilment.queries.js';
import type { ScorecardMeasure } from '../../contracts/supplier-scorecard.js';
import { scorecardFilterSql } from '../reports/supplier-scorecard.queries.js';

export interface AdminOrderFilter {
  id?: string | string[];
  status?: string;
  department?: string;
  q?: string;
  user_id?: string;
  fulfilment?: AdminOrderFulfilmentFilter;
  approval_level?: number;
  scorecard?: ScorecardMeasure;
  supplier?: string;
  sent_month?: string;
  /** Set by the service, never the request: SUPPLIER_IDENTITY, for orders and settings that name none. */
  default_supplier_identity?: string;
}

/** 'Medical' is what an order without a department shows (decisions.md), stored as 'Default'. */
function locationsOfDepartment(department: string): string[] {
  return department === 'Medical' ? ['Medical', 'Default'] : [department];
}

/** The filters the kept counts (order_counts, kept by triggers on orders) answer alone. */
const KEPT_COUNT_FILTERS = new Set(['status', 'department', 'default_supplier_identity']);

function isAnsweredByKeptCounts(filter: AdminOrderFilter): boolean {
  return Object.entries(filter).every(([key, value]) => value === undefined || KEPT_COUNT_FILTERS.has(key));
}

/** The kept counts' rows within the filter: a few per status and department, whatever the history. */
function keptCounts(db: Db, filter: AdminOrderFilter) {
  const query = db('order_counts');
  if (filter.status) query.where('status', filter.status);
  if (filter.department) query.whereIn('delivery_location', locationsOfDepartment(filter.department));
  return query;
}

/**
 * The orders the filter keeps; `now` decides what is overdue. A count leaves the requester's
 * profile out unless the search needs it: even a join PostgreSQL removes keeps the count off an
 * index-only scan.
 */
function applyFilter(db: Db, filter: AdminOrderFilter, now: Date, { isCount = false } = {}) {
  const query = db('orders');
  if (!isCount || filter.q) query.leftJoin('profiles', 'profiles.user_id', 'orders.user_id');
  if (filter.fulfilment) {
    const { sql, bindings } = fulfilmentFilterSql(filter.fulfilment, now);
    query.whereRaw(sql, bindings);
  }
  if (filter.approval_level) {
    const { sql, bindings } = waitingAtLevelSql(filter.approval_level);
    query.whereRaw(sql, bindings);
  }
  if (filter.scorecard || filter.supplier || filter.sent_month) {
    const { sql, bindings } = scorecardFilterSql({
      ...(filter.sent_month === undefined ? {} : { month: filter.sent_month }),
      now,
      defaultIdentity: filter.default_supplier_identity ?? '',
      measure: filter.scorecard ?? 'sent',
      ...(filter.supplier === undefined ? {} : { supplier: filter.supplier }),
    });
    query.whereRaw(sql, bindings);
  }
  if (filter.id) query.whereIn('orders.id', Array.isArray(filter.id) ? filter.id : [filter.id]);
  if (filter.status) query.where('orders.status', filter.status);
  if (filter.user_id) query.where('orders.user_id', filter.user_id);
  if (filter.department) query.whereIn('orders.delivery_location', locationsOfDepartment(filter.department));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query.where((where) =>
      where
        .whereILike('orders.order_number', pattern)
        .orWhereILike('orders.user_email', pattern)
        .orWhereRaw(`coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, '') ILIKE ?`, [pattern]),
    );
  }
  return query;
}

export async function selectOrdersPage(
  db: Db,
  options: {
    filter: AdminOrderFilter;
    sort: { field: (typeof ADMIN_ORDER_SORTS)[number]; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
    now: Date;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  // The page and the total are two statements: a count(*) OVER () would read every matching order
  // in full before the page, where the page alone reads 50 rows along an index and the count only
  // the index.
  const sorted = (query: ReturnType<typeof applyFilter>) =>
    query.select(...ORDER_ROW_COLUMNS).orderBy([
      { column: `orders.${options.sort.field}`, order: options.sort.order },
      { column: 'orders.display_seq', order: 'desc' },
    ]);
  // STAT orders still waiting come first, whatever the sort: they are read apart (a few, along their
  // partial index), so the other orders keep their index-ordered page.
  const [waitingStat, counted] = await Promise.all([
    sorted(applyFilter(db, options.filter, options.now).whereRaw(WAITING_STAT_SQL)) as Promise<OrderRow[]>,
    isAnsweredByKeptCounts(options.filter)
      ? keptCounts(db, options.filter).sum<{ total: string | null }[]>({ total: 'orders' })
      : applyFilter(db, options.filter, options.now, { isCount: true }).count<{ total: number }[]>({ total: '*' }),
  ]);
  const statOnPage = waitingStat.slice(options.offset, options.offset + options.limit);
  const restLimit = options.limit - statOnPage.length;
  const rest =
    restLimit > 0
      ? ((await sorted(applyFilter(db, options.filter, options.now).whereRaw(`NOT (${WAITING_STAT_SQL})`))
          .offset(Math.max(0, options.offset - waitingStat.length))
          .limit(restLimit)) as OrderRow[])
      : [];
  return { rows: [...statOnPage, ...rest], total: Number(counted[0]?.total ?? 0) };
}

/** A STAT order that still waits for approval. */
const WAITING_STAT_SQL = "orders.is_urgent AND orders.status = 'pending'";

/** Orders per status for the tabs, within the other filters. */
export async function countOrdersByStatus(
  db: Db,
  filter: Omit<AdminOrderFilter, 'status'>,
  now: Date,
): Promise<Record<string, number>> {
  const rows: { status: string; n: number }[] = isAnsweredByKeptCounts(filter)
    ? await keptCounts(db, filter)
        .groupBy('status')
        .havingRaw('sum(orders) > 0')
        .select('status', db.raw('sum(orders)::int AS n'))
    : await applyFilter(db, filter, now).groupBy('orders.status').select('orders.status', db.raw('count(*)::int AS n'));
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/**
 * The departments orders were placed for, one index probe per department (a loose index scan on
 * orders_department_created_index): a plain DISTINCT read every order, seconds at millions of them.
 */
export async function selectDepartments(db: Db): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { department: string }[] }>(
    `WITH RECURSIVE locations AS (
       (SELECT delivery_location FROM orders ORDER BY delivery_location LIMIT 1)
       UNION ALL
       SELECT (SELECT o.delivery_location FROM orders o
                WHERE o.delivery_location > l.delivery_location ORDER BY o.delivery_location LIMIT 1)
         FROM locations l WHERE l.delivery_location IS NOT NULL
     )
     SELECT DISTINCT CASE WHEN delivery_location = 'Default' THEN 'Medical' ELSE delivery_location END AS department
       FROM locations WHERE delivery_location IS NOT NULL
      ORDER BY department`,
  );
  return rows.map((row) => row.department);
}

/** City, state and postal code of each requester's address ('No address' when absent). */
export async function selectAddressSummaries(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0)
    return new Map<string, { city: string; state: string; postal_code: string; full_name: string }>();
  const rows: { user_id: string; city: string; state: string; postal_code: string; full_name: string }[] = await db(
    'shipping_addresses',
  )
    .whereIn('user_id', [...userIds])
    .select('user_id', 'city', 'state', 'postal_code', 'full_name');
  return new Map(rows.map(({ user_id: userId, ...summary }) => [userId, summary]));
}

/** The order's status, its row locked until the transaction ends. */
export async function selectOrderStatusForUpdate(db: Db, id: string): Promise<string | undefined> {
  const row: { status: string } | undefined = await db('orders').where({ id }).forUpdate().first('status');
  return row?.status;
}

export async function updateOrderRejected(
  db: Db,
  id: string,
  rejection: { reason: string; rejectedBy: string | null; now: Date },
): Promise<void> {
  await db('orders').where({ id }).update({
    status: 'rejected',
    rejection_reason: rejection.reason,
    rejected_by: rejection.rejectedBy,
    rejected_at: rejection.now,
    updated_at: rejection.now,
  });
}
