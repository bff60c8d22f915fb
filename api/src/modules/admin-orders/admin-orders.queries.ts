import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';
import { ORDER_ROW_COLUMNS, type OrderRow } from '../orders/orders.queries.js';

// The admin reads orders and their lines with the orders module's queries (one order shape).
export { selectOrderLines, selectOrders, type OrderLineRow, type OrderRow } from '../orders/orders.queries.js';
import { ADMIN_ORDER_SORTS, type AdminOrderFulfilmentFilter } from '../../contracts/admin-orders.js';
import { waitingAtLevelSql } from '../approvals/approvals.queries.js';
import { fulfilmentFilterSql } from './order-fulfilment.queries.js';

export interface AdminOrderFilter {
  id?: string | string[];
  status?: string;
  department?: string;
  q?: string;
  user_id?: string;
  fulfilment?: AdminOrderFulfilmentFilter;
  approval_level?: number;
}

/** The orders the filter keeps; `now` decides what is overdue. */
function applyFilter(db: Db, filter: AdminOrderFilter, now: Date) {
  const query = db('orders').leftJoin('profiles', 'profiles.user_id', 'orders.user_id');
  if (filter.fulfilment) {
    const { sql, bindings } = fulfilmentFilterSql(filter.fulfilment, now);
    query.whereRaw(sql, bindings);
  }
  if (filter.approval_level) {
    const { sql, bindings } = waitingAtLevelSql(filter.approval_level);
    query.whereRaw(sql, bindings);
  }
  if (filter.id) query.whereIn('orders.id', Array.isArray(filter.id) ? filter.id : [filter.id]);
  if (filter.status) query.where('orders.status', filter.status);
  if (filter.user_id) query.where('orders.user_id', filter.user_id);
  if (filter.department) {
    // 'Medical' is what an order without a department shows (decisions.md), stored as 'Default'.
    if (filter.department === 'Medical') query.whereIn('orders.delivery_location', ['Medical', 'Default']);
    else query.where('orders.delivery_location', filter.department);
  }
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
  const rows: (OrderRow & { total: number })[] = await applyFilter(db, options.filter, options.now)
    .select(...ORDER_ROW_COLUMNS, db.raw('count(*) OVER ()::int AS total'))
    .orderBy([
      { column: `orders.${options.sort.field}`, order: options.sort.order },
      { column: 'orders.display_seq', order: 'desc' },
    ])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** Orders per status for the tabs, within the other filters. */
export async function countOrdersByStatus(
  db: Db,
  filter: Omit<AdminOrderFilter, 'status'>,
  now: Date,
): Promise<Record<string, number>> {
  const rows: { status: string; n: number }[] = await applyFilter(db, filter, now)
    .groupBy('orders.status')
    .select('orders.status', db.raw('count(*)::int AS n'));
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export async function selectDepartments(db: Db): Promise<string[]> {
  const rows: { department: string }[] = await db('orders')
    .distinct(db.raw(`CASE WHEN delivery_location = 'Default' THEN 'Medical' ELSE delivery_location END AS department`))
    .orderBy('department');
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
