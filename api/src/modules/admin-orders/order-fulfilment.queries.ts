import type { AdminOrderFulfilmentFilter } from '../../contracts/admin-orders.js';
import type { FulfilmentStatus } from '../../contracts/fulfilment.js';
import type { Db } from '../../database/connection.js';

/**
 * Each sent order keeps its fulfilment on its row (orders.fulfilment_status, expected_delivery_date,
 * open_backordered_lines), written by triggers from order_fulfilment_summaries(), the same
 * derivation as fulfilment.rules.ts deriveFulfilment (order-fulfilment.agreement.test.ts holds them
 * together). The open orders (sent, not received in full) have a partial index of their own: every
 * filter but "received" names its condition, so the filters and the counts read only those.
 */
const OPEN_ORDERS = `orders.status = 'submitted' AND orders.fulfilment_status <> 'received'`;
const IS_OVERDUE = `(orders.fulfilment_status <> 'received' AND orders.expected_delivery_date IS NOT NULL
  AND orders.expected_delivery_date < CAST(? AS timestamptz))`;

type Condition = { sql: string; bindings: (string | Date)[] };

/** What each fulfilment filter keeps of the orders, given the time it is read at. */
function filterCondition(filter: AdminOrderFulfilmentFilter, now: Date): Condition {
  switch (filter) {
    case 'awaiting_receipt':
      return {
        sql: `${OPEN_ORDERS} AND orders.fulfilment_status IN ('shipped', 'partially_shipped', 'partially_received')`,
        bindings: [],
      };
    case 'overdue':
      return { sql: `${OPEN_ORDERS} AND ${IS_OVERDUE}`, bindings: [now] };
    case 'has_backorder':
      return { sql: `${OPEN_ORDERS} AND orders.open_backordered_lines > 0`, bindings: [] };
    case 'received':
      return { sql: `orders.status = 'submitted' AND orders.fulfilment_status = 'received'`, bindings: [] };
    default:
      return { sql: `${OPEN_ORDERS} AND orders.fulfilment_status = ?`, bindings: [filter satisfies FulfilmentStatus] };
  }
}

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
  const { rows } = await db.raw<{ rows: FulfilmentSummaryRow[] }>(
    `SELECT orders.id AS order_id, orders.fulfilment_status, orders.expected_delivery_date,
            orders.open_backordered_lines, ${IS_OVERDUE} AS is_overdue
       FROM orders
      WHERE orders.id = ANY(CAST(? AS uuid[])) AND orders.status = 'submitted'`,
    [now, `{${orderIds.join(',')}}`],
  );
  return rows;
}

/** The condition on `orders` of a fulfilment filter, for a list query. */
export function fulfilmentFilterSql(filter: AdminOrderFulfilmentFilter, now: Date): Condition {
  const condition = filterCondition(filter, now);
  return { sql: `(${condition.sql})`, bindings: condition.bindings };
}

/** The back office's fulfilment counts over the open orders (the received have none to count), in one statement. */
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
    `SELECT coalesce(sum(orders.open_backordered_lines), 0)::int AS backordered_lines,
            count(*) FILTER (WHERE orders.open_backordered_lines > 0)::int AS orders_with_backorder,
            count(*) FILTER (
              WHERE orders.fulfilment_status IN ('shipped', 'partially_shipped', 'partially_received'))::int
              AS awaiting_receipt,
            count(*) FILTER (WHERE orders.fulfilment_status = 'partially_received')::int AS partially_received,
            count(*) FILTER (WHERE ${IS_OVERDUE})::int AS overdue
       FROM orders
      WHERE ${OPEN_ORDERS}`,
    [now],
  );
  return rows[0]!;
}

/** order_fulfilment_rebuild() (migrations/…_keep_order_fulfilment): how many orders it corrected. */
export async function rebuildKeptFulfilment(db: Db): Promise<number> {
  const { rows } = await db.raw<{ rows: { corrected: number }[] }>('SELECT order_fulfilment_rebuild() AS corrected');
  return rows[0]?.corrected ?? 0;
}
