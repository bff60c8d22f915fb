import type { AdminOrderFulfilmentFilter } from '../../contracts/admin-orders.js';
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '../../contracts/fulfilment.js';
import type { Db } from '../../database/connection.js';

/**
 * Fulfilment of many submitted orders in one statement, the same derivation as
 * fulfilment.rules.ts deriveFulfilment (a test holds them together): per line, the newest
 * confirmation in force that names it (or a whole-order accept/reject without items) gives the
 * confirmed, backordered and rejected quantities; the ship notices in force and the receipts add
 * up what was shipped and received. A list or a count of thousands of orders never calls the rule
 * per order.
 */
const SUMMARY_SQL = (scope: string) => `
  WITH scope AS (
    SELECT o.id FROM orders o WHERE o.status = 'submitted' ${scope}
  ),
  current_confirmations AS (
    SELECT c.id, c.order_id, c.confirmation_type,
           NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines x WHERE x.confirmation_id = c.id) AS is_whole
      FROM supplier_confirmations c JOIN scope ON scope.id = c.order_id
     WHERE c.replaced_by_id IS NULL
  ),
  mentioned AS (
    SELECT cc.order_id, x.line_number, max(cc.id) AS id
      FROM current_confirmations cc JOIN supplier_confirmation_lines x ON x.confirmation_id = cc.id
     GROUP BY cc.order_id, x.line_number
  ),
  whole_order AS (
    SELECT cc.order_id, max(cc.id) AS id
      FROM current_confirmations cc
     WHERE cc.is_whole AND cc.confirmation_type IN ('accept', 'reject')
     GROUP BY cc.order_id
  ),
  chosen AS (
    SELECT i.order_id, i.line_number, cc.id AS confirmation_id, cc.confirmation_type, cc.is_whole
      FROM order_items i JOIN scope ON scope.id = i.order_id
      LEFT JOIN mentioned m ON m.order_id = i.order_id AND m.line_number = i.line_number
      LEFT JOIN whole_order w ON w.order_id = i.order_id
      JOIN current_confirmations cc ON cc.id = greatest(m.id, w.id)
  ),
  confirmed_lines AS (
    SELECT ch.order_id, ch.line_number,
           sum(x.quantity) FILTER (WHERE x.status IN ('accept', 'allDetail', 'detail')) AS confirmed,
           sum(x.quantity) FILTER (WHERE x.status = 'backordered') AS backordered,
           sum(x.quantity) FILTER (WHERE x.status = 'reject') AS rejected,
           max(x.delivery_date) AS delivery_date
      FROM chosen ch
      JOIN supplier_confirmation_lines x ON x.confirmation_id = ch.confirmation_id AND x.line_number = ch.line_number
     GROUP BY ch.order_id, ch.line_number
  ),
  current_shipments AS (
    SELECT s.id, s.order_id, s.delivery_date
      FROM shipments s JOIN scope ON scope.id = s.order_id
     WHERE s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL
  ),
  shipment_dates AS (
    SELECT cs.order_id, max(cs.delivery_date) AS delivery_date FROM current_shipments cs GROUP BY cs.order_id
  ),
  shipped_lines AS (
    SELECT cs.order_id, sl.line_number, sum(sl.quantity) AS shipped
      FROM current_shipments cs JOIN shipment_lines sl ON sl.shipment_ref = cs.id
     GROUP BY cs.order_id, sl.line_number
  ),
  received_lines AS (
    SELECT r.order_id, rl.line_number, sum(rl.quantity) AS received
      FROM order_receipts r JOIN scope ON scope.id = r.order_id JOIN order_receipt_lines rl ON rl.receipt_id = r.id
     GROUP BY r.order_id, rl.line_number
  ),
  lines AS (
    SELECT i.order_id, i.quantity AS ordered,
           CASE WHEN ch.is_whole THEN (CASE WHEN ch.confirmation_type = 'accept' THEN i.quantity ELSE 0 END)
                ELSE coalesce(cl.confirmed, 0) END AS confirmed,
           coalesce(cl.backordered, 0) AS backordered,
           CASE WHEN ch.is_whole AND ch.confirmation_type <> 'accept' THEN i.quantity
                ELSE coalesce(cl.rejected, 0) END AS rejected,
           cl.delivery_date,
           coalesce(sh.shipped, 0) AS shipped,
           coalesce(rc.received, 0) AS received
      FROM order_items i JOIN scope ON scope.id = i.order_id
      LEFT JOIN chosen ch ON ch.order_id = i.order_id AND ch.line_number = i.line_number
      LEFT JOIN confirmed_lines cl ON cl.order_id = i.order_id AND cl.line_number = i.line_number
      LEFT JOIN shipped_lines sh ON sh.order_id = i.order_id AND sh.line_number = i.line_number
      LEFT JOIN received_lines rc ON rc.order_id = i.order_id AND rc.line_number = i.line_number
  ),
  per_order AS (
    SELECT scope.id AS order_id,
           coalesce(bool_or(l.confirmed + l.backordered + l.rejected > 0), false) AS is_covered,
           coalesce(bool_and(l.ordered - l.rejected <= 0), true) AS is_all_rejected,
           coalesce(bool_or(l.received > 0), false) AS is_any_received,
           coalesce(bool_and(l.received >= l.ordered - l.rejected), true) AS is_all_received,
           coalesce(bool_or(l.shipped > 0), false) AS is_any_shipped,
           coalesce(bool_and(l.shipped >= l.ordered - l.rejected), true) AS is_all_shipped,
           coalesce(bool_or(l.backordered > 0), false) AS is_any_backordered,
           coalesce(bool_and(l.rejected = 0 AND l.confirmed >= l.ordered), true) AS is_all_confirmed,
           coalesce(max(sd.delivery_date), max(l.delivery_date)) AS expected_delivery_date,
           -- A line still waiting on its backorder: neither shipped nor received in full yet.
           count(*) FILTER (WHERE l.backordered > 0 AND greatest(l.shipped, l.received) < l.ordered - l.rejected)::int
             AS open_backordered_lines
      FROM scope
      LEFT JOIN lines l ON l.order_id = scope.id
      LEFT JOIN shipment_dates sd ON sd.order_id = scope.id
     GROUP BY scope.id
  ),
  statuses AS (
    SELECT p.order_id, p.expected_delivery_date, p.open_backordered_lines,
           CASE
             WHEN p.is_covered AND p.is_all_rejected THEN 'rejected_by_supplier'
             WHEN p.is_any_received THEN CASE WHEN p.is_all_received THEN 'received' ELSE 'partially_received' END
             WHEN p.is_any_shipped THEN CASE WHEN p.is_all_shipped THEN 'shipped' ELSE 'partially_shipped' END
             WHEN NOT p.is_covered THEN 'awaiting_confirmation'
             WHEN p.is_any_backordered THEN 'backordered'
             WHEN p.is_all_confirmed THEN 'confirmed'
             ELSE 'partially_confirmed'
           END AS fulfilment_status
      FROM per_order p
  )
  SELECT s.order_id, s.fulfilment_status, s.expected_delivery_date, s.open_backordered_lines,
         (s.fulfilment_status <> 'received' AND s.expected_delivery_date IS NOT NULL
           AND s.expected_delivery_date < CAST(? AS timestamptz)) AS is_overdue
    FROM statuses s`;

/** What each fulfilment filter keeps of the summary (alias f). */
const FILTER_CONDITIONS: Record<AdminOrderFulfilmentFilter, { sql: string; bindings: string[] }> = {
  awaiting_receipt: {
    sql: `f.fulfilment_status IN ('shipped', 'partially_shipped', 'partially_received')`,
    bindings: [],
  },
  overdue: { sql: 'f.is_overdue', bindings: [] },
  has_backorder: { sql: 'f.open_backordered_lines > 0', bindings: [] },
  ...(Object.fromEntries(
    FULFILMENT_STATUSES.map((status) => [status, { sql: 'f.fulfilment_status = ?', bindings: [status] }]),
  ) as Record<FulfilmentStatus, { sql: string; bindings: string[] }>),
};

export interface FulfilmentSummaryRow {
  order_id: string;
  fulfilment_status: FulfilmentStatus;
  expected_delivery_date: Date | null;
  is_overdue: boolean;
  open_backordered_lines: number;
}

/** The fulfilment of the given orders (those submitted; the others have none). */
export async function selectFulfilmentSummaries(
  db: Db,
  orderIds: readonly string[],
  now: Date,
): Promise<FulfilmentSummaryRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: FulfilmentSummaryRow[] }>(SUMMARY_SQL('AND o.id = ANY(CAST(? AS uuid[]))'), [
    `{${orderIds.join(',')}}`,
    now,
  ]);
  return rows;
}

/**
 * `orders.id` among the submitted orders whose fulfilment matches the filter, for a list query.
 * Wrapped in IS TRUE on purpose: the planner cannot estimate how many orders match (a handful, it
 * guesses) and, given a plain IN, rescans the summary once per order; this way the summary is
 * computed once into a hashed subplan and each order is one probe.
 */
export function fulfilmentFilterSql(filter: AdminOrderFulfilmentFilter, now: Date) {
  const condition = FILTER_CONDITIONS[filter];
  return {
    sql: `(orders.id IN (SELECT f.order_id FROM (${SUMMARY_SQL('')}) f WHERE ${condition.sql})) IS TRUE`,
    bindings: [now, ...condition.bindings],
  };
}

/** The back office's fulfilment counts over every submitted order, in one statement. */
export async function countFulfilment(db: Db, now: Date) {
  const { rows } = await db.raw<{
    rows: {
      backordered_lines: number;
      orders_with_backorder: number;
      awaiting_receipt: number;
      partially_received: number;
      overdue: number;
    }[];
  }>(
    `SELECT coalesce(sum(f.open_backordered_lines), 0)::int AS backordered_lines,
            count(*) FILTER (WHERE ${FILTER_CONDITIONS.has_backorder.sql})::int AS orders_with_backorder,
            count(*) FILTER (WHERE ${FILTER_CONDITIONS.awaiting_receipt.sql})::int AS awaiting_receipt,
            count(*) FILTER (WHERE f.fulfilment_status = 'partially_received')::int AS partially_received,
            count(*) FILTER (WHERE ${FILTER_CONDITIONS.overdue.sql})::int AS overdue
       FROM (${SUMMARY_SQL('')}) f`,
    [now],
  );
  return rows[0]!;
}
