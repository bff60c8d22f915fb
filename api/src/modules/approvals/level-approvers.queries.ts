import type { Db } from '../../database/connection.js';

import { ROLES, canApproveOrders, type Role } from '../../contracts/roles.js';
import { EVENTS_CHANNEL } from '../../contracts/events.js';

/**
 * The active accounts an administrator approved that hold a role able to approve orders, with all
 * their roles (who may approve a level is decided in rules). Only those: a hospital's hundreds of
 * requesters are never read to find its handful of approvers.
 */
export async function selectActiveApproverAccounts(db: Db): Promise<{ id: string; email: string; roles: Role[] }[]> {
  const approverRoles = ROLES.filter((role) => canApproveOrders([role]));
  return db('users')
    .join('profiles', 'profiles.user_id', 'users.id')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .where('users.status', 'active')
    .where('profiles.onboarding_approved', true)
    .whereExists((approver) =>
      approver
        .select(db.raw('1'))
        .from('user_roles AS approver_roles')
        .whereRaw('approver_roles.user_id = users.id')
        .whereRaw('approver_roles.role::text = ANY(?::text[])', [approverRoles]),
    )
    .groupBy('users.id', 'users.email')
    .orderBy('users.email')
    .select('users.id', 'users.email', db.raw('array_agg(user_roles.role::text ORDER BY user_roles.role) AS roles'));
}

/** What the mail to a level's approvers says about the order, while it waits (a QA runner's order asks nobody). */
export function selectWaitingOrder(db: Db, orderId: string) {
  return db('orders').where({ id: orderId, status: 'pending', is_qa: false }).whereNull('submission_started_at').first<
    | {
        order_number: string;
        user_id: string;
        user_email: string;
        total_amount: string;
        order_limit: string | null;
        is_urgent: boolean;
        urgent_reason: string | null;
      }
    | undefined
  >('order_number', 'user_id', 'user_email', db.raw('total_amount::text AS total_amount'), db.raw('order_limit::text AS order_limit'), 'is_urgent', 'urgent_reason');
}

/**
 * Tells the open pages that a STAT order waits for a level (the event hub: PostgreSQL NOTIFY). The
 * event names the order and the level only: each stream works out whether its user may approve it,
 * so the payload stays small however many approvers there are, and nobody learns who the others are.
 */
export async function notifyStatWaiting(
  db: Db,
  event: { order_id: string; order_number: string; level: number },
): Promise<void> {
  await db.raw('SELECT pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ type: 'order.stat_waiting', ...event })]);
}

/**
 * Records that the approvers of `level` are being told of the order, unless they (or a later
 * level's) already were: true for the one caller that raised it. Concurrent callers queue on the
 * order's row and the later one finds the level recorded. Only for an order that still waits.
 */
export async function recordApproversNotified(db: Db, orderId: string, level: number): Promise<boolean> {
  const result = await db.raw<{ rows: { id: string }[] }>(
    `UPDATE orders SET approvers_notified_level = ?
      WHERE id = ? AND coalesce(approvers_notified_level, 0) < ?
        AND status = 'pending' AND submission_started_at IS NULL
      RETURNING id`,
    [level, orderId, level],
  );
  return result.rows.length > 0;
}
