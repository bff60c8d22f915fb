import type { Role } from '../../contracts/roles.rules.js';
import type { Db } from '../../database/connection.js';
import { ORDER_ROW_COLUMNS, type OrderRow } from '../orders/orders.queries.js';

export interface ApprovalLevelRow {
  level: number;
  threshold: string;
  roles: Role[];
}

export function selectApprovalLevels(db: Db): Promise<ApprovalLevelRow[]> {
  return db('approval_levels').orderBy('level').select('level', db.raw('threshold::text AS threshold'), 'roles');
}

/** The whole list is replaced at once (inside the caller's transaction). */
export async function replaceApprovalLevels(
  db: Db,
  levels: { threshold: string; roles: Role[] }[],
  audit: { updatedBy: string | null; now: Date },
): Promise<void> {
  await db('approval_levels').delete();
  await db('approval_levels').insert(
    levels.map((level, index) => ({
      level: index + 1,
      threshold: level.threshold,
      roles: level.roles,
      updated_by: audit.updatedBy,
      updated_at: audit.now,
    })),
  );
}

/** The roles held by at least one active account whose onboarding an administrator approved. */
export async function selectRolesOfActiveApprovedUsers(db: Db): Promise<Role[]> {
  const rows: { role: Role }[] = await db('user_roles')
    .join('users', 'users.id', 'user_roles.user_id')
    .join('profiles', 'profiles.user_id', 'user_roles.user_id')
    .where('users.status', 'active')
    .where('profiles.onboarding_approved', true)
    .distinct('user_roles.role as role');
  return rows.map((row) => row.role);
}

export interface ApprovalRow {
  order_id: string;
  level: number;
  approver_user_id: string | null;
  approver_label: string;
  approved_at: Date;
}

export function selectApprovalsOfOrders(db: Db, orderIds: readonly string[]): Promise<ApprovalRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db('order_approvals')
    .whereIn('order_id', orderIds)
    .orderBy(['order_id', 'level'])
    .select('order_id', 'level', 'approver_user_id', 'approver_label', 'approved_at');
}

export interface OrderToApprove {
  status: string;
  user_id: string;
  total_amount: string;
  /** The requester's per-order limit when the order was submitted. */
  order_limit: string | null;
  submission_started_at: Date | null;
}

export function selectOrderToApprove(db: Db, orderId: string): Promise<OrderToApprove | undefined> {
  return db('orders')
    .where({ id: orderId })
    .first(
      'status',
      'user_id',
      db.raw('total_amount::text AS total_amount'),
      db.raw('order_limit::text AS order_limit'),
      'submission_started_at',
    );
}

export async function selectOrderNumber(db: Db, orderId: string): Promise<string> {
  const row: { order_number: string } | undefined = await db('orders').where({ id: orderId }).first('order_number');
  return row?.order_number ?? orderId;
}

/** Locks the order (as a rejection or a submission claim does) and counts its approvals. */
export async function lockPendingOrder(
  db: Db,
  orderId: string,
): Promise<{ status: string; in_flight: boolean; approvals: number } | undefined> {
  const row = await db('orders').where({ id: orderId }).forUpdate().first('status', 'submission_started_at');
  if (!row) return undefined;
  const counted = await db('order_approvals').where({ order_id: orderId }).count<{ n: string }[]>('* as n');
  return {
    status: row.status as string,
    in_flight: row.submission_started_at !== null,
    approvals: Number(counted[0]?.n ?? 0),
  };
}

/** One level's approval and its timeline event ('approved' with the level), in the caller's transaction. */
export async function insertLevelApproval(
  db: Db,
  input: { orderId: string; level: number; approverUserId: string | null; approverLabel: string; now: Date },
): Promise<void> {
  await db('order_approvals').insert({
    order_id: input.orderId,
    level: input.level,
    approver_user_id: input.approverUserId,
    approver_label: input.approverLabel,
    approved_at: input.now,
  });
  await db('order_events').insert({
    order_id: input.orderId,
    event_type: 'approved',
    actor_user_id: input.approverUserId,
    actor_label: input.approverLabel,
    occurred_at: input.now,
    details: JSON.stringify({ level: input.level }),
  });
}

/**
 * The level a row of `orders` waits for, as one row (level, roles), or none: one more than its
 * approvals, within the levels its total reaches; after them, for an order over its requester's
 * per-order limit, the extra level, which takes the highest level's roles and is counted here as
 * that level (approval-levels.rules). The inbox, the dashboard's blocked orders and the orders
 * list's filter all read it, so they agree on which orders wait where.
 */
const NEXT_LEVEL_SQL = `SELECT step.level, step.roles
  FROM (SELECT count(*)::int AS n FROM order_approvals AS done WHERE done.order_id = orders.id) AS done
  CROSS JOIN LATERAL (
    SELECT l.level, l.roles FROM approval_levels AS l WHERE l.level = done.n + 1 AND l.threshold <= orders.total_amount
    UNION ALL
    (SELECT top.level, top.roles FROM approval_levels AS top
     WHERE orders.total_amount > orders.order_limit
       AND done.n = (SELECT count(*) FROM approval_levels AS r WHERE r.threshold <= orders.total_amount)
     ORDER BY top.level DESC LIMIT 1)
  ) AS step
  LIMIT 1`;

/** Pending, not being sent, and waiting for approval at `level`: a condition on `orders`. */
export function waitingAtLevelSql(level: number): { sql: string; bindings: number[] } {
  return {
    sql: `orders.status = 'pending' AND orders.submission_started_at IS NULL
      AND (SELECT next.level FROM (${NEXT_LEVEL_SQL}) AS next) = ?`,
    bindings: [level],
  };
}

/** How many pending orders, not being sent, wait at each level (levels without any are absent). */
export async function countWaitingOrdersByLevel(db: Db): Promise<Map<number, number>> {
  const rows: { level: number; n: number }[] = await db('orders')
    .joinRaw(`JOIN LATERAL (${NEXT_LEVEL_SQL}) AS next ON true`)
    .where('orders.status', 'pending')
    .whereNull('orders.submission_started_at')
    .groupBy('next.level')
    .select('next.level', db.raw('count(*)::int AS n'));
  return new Map(rows.map((row) => [row.level, row.n]));
}

/**
 * The Approvals inbox: pending orders, not in flight, whose next level lists one of the caller's
 * roles; never the caller's own orders nor those the caller already approved.
 */
export async function selectInboxPage(
  db: Db,
  options: {
    userId: string;
    roles: readonly string[];
    sort: { field: 'created_at' | 'total_amount' | 'display_seq'; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  const rows: (OrderRow & { total: number })[] = await db('orders')
    .leftJoin('profiles', 'profiles.user_id', 'orders.user_id')
    .joinRaw(`JOIN LATERAL (${NEXT_LEVEL_SQL}) AS next ON true`)
    .where('orders.status', 'pending')
    .whereNull('orders.submission_started_at')
    .whereNot('orders.user_id', options.userId)
    .whereRaw('next.roles && ?::text[]', [[...options.roles]])
    .whereNotExists((mine) =>
      mine
        .from('order_approvals as mine')
        .whereRaw('mine.order_id = orders.id')
        .where('mine.approver_user_id', options.userId),
    )
    .select(...ORDER_ROW_COLUMNS, db.raw('count(*) OVER ()::int AS total'))
    .orderBy([
      // A STAT order is needed today: it comes first, whatever the sort.
      { column: 'orders.is_urgent', order: 'desc' },
      { column: `orders.${options.sort.field}`, order: options.sort.order },
      { column: 'orders.display_seq', order: 'desc' },
    ])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
