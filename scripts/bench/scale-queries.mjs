// The SQL behind each route the scale benchmark times, for EXPLAIN (ANALYZE, BUFFERS): taken from the
// built query modules where they export it (reports, fulfilment filter, recall lookup), and written
// out as the service composes it where they do not (the order lists).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { BULK_TABLES } from './scale-fill.mjs';
import { LARGE_TABLE_ROWS } from './scale-targets.mjs';

// The tables that grow with the orders. The report rollups are left out: a five-year export reads
// the whole of them by nature.
const SCANNED_TABLES = new Set([...BULK_TABLES, 'inbound_documents', 'order_events', 'order_approvals']);

const DIST = path.join('api', 'dist', 'api', 'src');

async function load(repoRoot, file) {
  return import(pathToFileURL(path.join(repoRoot, DIST, file)).href);
}

/** knex's `?` placeholders as pg's `$n`. */
function numbered(sql) {
  let position = 0;
  return sql.replace(/\?/g, () => `$${(position += 1)}`);
}

/** Statement builders by case name: each resolves to { sql, params, forUpdate? }. */
export async function statementBuilders(repoRoot) {
  const { reportStatement } = await load(repoRoot, 'modules/reports/reports.queries.js');
  const { fulfilmentFilterSql } = await load(repoRoot, 'modules/admin-orders/order-fulfilment.queries.js');
  const { selectReceiptsOfLot } = await load(repoRoot, 'modules/recalls/recalls.queries.js');
  const { ORDER_ROW_COLUMNS } = await load(repoRoot, 'modules/orders/orders.queries.js');
  const { default: knex } = await import('knex');
  const builder = knex({ client: 'pg' });
  const columns = ORDER_ROW_COLUMNS.join(', ');
  // selectOrdersPage: the page and its total, two statements run side by side.
  // A total by status or department alone is read from the kept counts (order_counts).
  const adminList = (where, bindings, keptWhere) => ({
    page: {
      sql: numbered(`SELECT ${columns} FROM orders LEFT JOIN profiles ON profiles.user_id = orders.user_id
        WHERE ${where}
        ORDER BY orders.created_at DESC, orders.display_seq DESC LIMIT 50 OFFSET 0`),
      params: bindings,
    },
    count: {
      sql: numbered(
        keptWhere === undefined
          ? `SELECT count(*) AS total FROM orders WHERE ${where}`
          : `SELECT sum(orders) AS total FROM order_counts WHERE ${keptWhere}`,
      ),
      params: bindings,
    },
  });
  const report = (name, range, limit) => {
    const { sql, bindings } = reportStatement(name, range, limit);
    return { sql: numbered(sql), params: bindings };
  };
  return {
    ownOrders: ({ userId }) => ({
      sql: `SELECT ${columns} FROM orders LEFT JOIN profiles ON profiles.user_id = orders.user_id
            WHERE orders.user_id = $1 ORDER BY orders.created_at DESC, orders.display_seq DESC LIMIT 200`,
      params: [userId],
    }),
    adminAll: () => adminList('true', [], 'true'),
    adminCounts: () => ({
      sql: 'SELECT status, sum(orders)::int AS n FROM order_counts GROUP BY status HAVING sum(orders) > 0',
      params: [],
    }),
    adminStatus: ({ status }) => adminList('orders.status = ?', [status], 'status = ?'),
    adminDepartment: ({ department }) =>
      adminList('orders.delivery_location = ?', [department], 'delivery_location = ?'),
    adminFulfilment: ({ fulfilment, now }) => {
      const { sql, bindings } = fulfilmentFilterSql(fulfilment, now);
      return adminList(sql, bindings);
    },
    report: ({ name, range, limit }) => report(name, range, limit),
    budget: ({ departmentId, start, end }) => ({
      sql: 'SELECT department_committed_between($1::uuid, $2::timestamptz, $3::timestamptz)::text AS committed',
      params: [departmentId, start, end],
    }),
    inboundOrder: ({ orderNumber, payloadId }) => ({
      sql: `SELECT id, order_number, payload_id, status, user_id, user_email FROM orders
            WHERE order_number = $1 OR payload_id = $2 ORDER BY id FOR UPDATE`,
      params: [orderNumber, payloadId],
    }),
    recall: ({ asin, lot }) => {
      const { sql, bindings } = selectReceiptsOfLot(builder, asin, lot).toSQL().toNative();
      return { sql, params: bindings };
    },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement, inside a transaction rolled back (FOR UPDATE and any
 * write stay without effect). Returns the plan's text and the sequential scans of large tables.
 */
export async function explain(client, { sql, params }, tableRows, { isAnalyzed = true } = {}) {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query(`EXPLAIN ${isAnalyzed ? '(ANALYZE, BUFFERS)' : ''} ${sql}`, params);
    const text = rows.map((row) => row['QUERY PLAN']).join('\n');
    const scans = [...text.matchAll(/Seq Scan on (\w+)/g)]
      .map((match) => match[1])
      .filter((table) => SCANNED_TABLES.has(table) && (tableRows.get(table) ?? 0) >= LARGE_TABLE_ROWS);
    return { text, scans: [...new Set(scans)] };
  } finally {
    await client.query('ROLLBACK');
  }
}
