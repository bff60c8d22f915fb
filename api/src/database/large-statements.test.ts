import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';

import type { Db } from './connection.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';

/**
 * A large statement on a session whose kept-totals triggers already planned for a one-row statement
 * (migrations/…_plan_large_statements_for_their_size): every plan the triggers run is read through
 * auto_explain, and none may compare each of the statement's rows with each other (a nested loop
 * over two transition tables removes about rows² rows in its join filter; a hash join none). The
 * kept fulfilment and rollups must still equal a recompute afterwards.
 */
/** Sent orders, and as many pending ones. */
const ORDERS = 1_500;
const LINES_PER_ORDER = 2;
// Linear in the statement's rows; a plan made for one row removes millions here.
const MOST_ROWS_REMOVED = 40 * ORDERS * LINES_PER_ORDER;

let database: { db: Db; url: string; drop(): Promise<void> };
let session: pg.Client;
const plans: string[] = [];

beforeAll(async () => {
  database = await createIsolatedDatabase();
  const { db } = database;
  const [user] = await db('users').insert({ email: 'bulk@test.supplyhub.test', email_verified: true }).returning('id');
  await db.raw(
    `INSERT INTO orders (user_id, user_email, status, total_amount, created_at, updated_at, ship_to_state, approved_at)
     SELECT ?, 'bulk@test.supplyhub.test', 'submitted', 20, now() - make_interval(mins => g), now(), 'NY', now()
       FROM generate_series(1, ?) AS g`,
    [user!.id, ORDERS],
  );
  await db.raw(
    `INSERT INTO orders (user_id, user_email, status, total_amount, created_at, updated_at, ship_to_state)
     SELECT ?, 'bulk@test.supplyhub.test', 'pending', 20, now() - make_interval(mins => g), now(), 'NY'
       FROM generate_series(1, ?) AS g`,
    [user!.id, ORDERS],
  );
  await db.raw(
    `INSERT INTO order_items (order_id, line_number, asin, title, quantity, unit_price, total_price)
     SELECT o.id, k, 'BULK' || k, 'Bulk item ' || k, 1, 10, 10 FROM orders o CROSS JOIN generate_series(1, ?) AS k`,
    [LINES_PER_ORDER],
  );
  session = new pg.Client({ connectionString: database.url });
  await session.connect();
  session.on('notice', (notice) => plans.push(notice.message ?? ''));
  await session.query(`LOAD 'auto_explain'`);
  for (const setting of [
    'log_level = notice',
    'log_min_duration = 0',
    'log_nested_statements = on',
    'log_analyze = on',
    'log_timing = off',
  ]) {
    await session.query(`SET auto_explain.${setting}`);
  }
}, 60_000);

afterAll(async () => {
  await session?.end();
  await database?.drop();
});

/**
 * The most rows a join filter removed in the plans the last statement's triggers ran. There must be
 * such plans: a test that captured none would pass whatever the triggers did.
 */
function mostRowsRemovedByAJoinFilter(): number {
  expect(plans.some((plan) => plan.includes('Named Tuplestore Scan'))).toBe(true);
  const removed = plans.flatMap((plan) =>
    [...plan.matchAll(/Rows Removed by Join Filter: (\d+)/g)].map((match) => Number(match[1])),
  );
  return Math.max(0, ...removed);
}

/** One row first, so the session's triggers plan for one row; then every order or line at once. */
async function oneThenAll(oneRow: string, allRows: string): Promise<void> {
  await session.query('BEGIN');
  try {
    await session.query(oneRow);
    plans.length = 0;
    await session.query(allRows);
    await session.query('COMMIT');
  } catch (error) {
    await session.query('ROLLBACK');
    throw error;
  }
}

/** The kept rollups and fulfilment against a recompute, read in one transaction rolled back. */
async function expectKeptEqualRecomputed(): Promise<void> {
  const readRollups = async () =>
    (await session.query(`SELECT day, state, order_count, units, spend::text FROM report_daily_orders ORDER BY 1, 2`))
      .rows;
  const kept = await readRollups();
  const { rows: drift } = await session.query(
    `SELECT count(*)::int AS n FROM orders o
       LEFT JOIN LATERAL order_fulfilment_summaries(ARRAY[o.id]) f ON true
      WHERE o.fulfilment_status IS DISTINCT FROM f.fulfilment_status`,
  );
  await session.query('BEGIN');
  await session.query('SELECT report_rollups_rebuild()');
  const rebuilt = await readRollups();
  await session.query('ROLLBACK');
  expect(kept).toEqual(rebuilt);
  expect(drift[0].n).toBe(0);
}

describe('a large statement after a small one on the same session', () => {
  it('moves every order to another state without comparing each order with each other', async () => {
    await oneThenAll(
      `UPDATE orders SET ship_to_state = 'CA' WHERE id = (SELECT id FROM orders ORDER BY id LIMIT 1)`,
      `UPDATE orders SET ship_to_state = 'CA'`,
    );
    expect(mostRowsRemovedByAJoinFilter()).toBeLessThan(MOST_ROWS_REMOVED);
    const { rows } = await session.query(`SELECT DISTINCT state FROM report_daily_orders`);
    expect(rows).toEqual([{ state: 'CA' }]);
    await expectKeptEqualRecomputed();
  });

  it('touches every order without moving one between report keys, in linear time', async () => {
    await oneThenAll(
      `UPDATE orders SET updated_at = now() WHERE id = (SELECT id FROM orders ORDER BY id LIMIT 1)`,
      `UPDATE orders SET updated_at = now()`,
    );
    expect(mostRowsRemovedByAJoinFilter()).toBeLessThan(MOST_ROWS_REMOVED);
  });

  it('adds, then deletes, a line on every order the same way', async () => {
    await oneThenAll(
      `INSERT INTO order_items (order_id, line_number, asin, title, quantity, unit_price, total_price)
       SELECT id, 90, 'ONE', 'One', 1, 1, 1 FROM orders ORDER BY id LIMIT 1`,
      `INSERT INTO order_items (order_id, line_number, asin, title, quantity, unit_price, total_price)
       SELECT id, 91, 'ALL', 'All', 1, 1, 1 FROM orders`,
    );
    expect(mostRowsRemovedByAJoinFilter()).toBeLessThan(MOST_ROWS_REMOVED);
    await oneThenAll(
      `DELETE FROM order_items WHERE line_number = 90`,
      `DELETE FROM order_items WHERE line_number = 91`,
    );
    expect(mostRowsRemovedByAJoinFilter()).toBeLessThan(MOST_ROWS_REMOVED);
    await expectKeptEqualRecomputed();
  });

  it('rebuilds the kept fulfilment of every order without reading every summary for each order', async () => {
    plans.length = 0;
    await session.query('SELECT order_fulfilment_rebuild()');
    // The planner guesses a few hundred summaries at any size; at a million orders it then chose
    // a nested loop over them. Its one pass must join by hash whatever the guess.
    const pass = plans.find((plan) => plan.includes('CREATE TEMPORARY TABLE order_fulfilment_rebuilt'));
    expect(pass).toBeDefined();
    expect(pass).not.toMatch(/Nested Loop/);
  });

  it('does not let a small write nested in a large one plan for the large one', async () => {
    // The pending orders approved (or, run again, the approved ones back to pending) and one sent
    // order failed: the fulfilment trigger's own UPDATE clears that one order's fulfilment, a
    // one-row statement inside the large one, before the rollups' trigger of the large one runs.
    await oneThenAll(
      `UPDATE orders SET updated_at = now() WHERE id = (SELECT id FROM orders ORDER BY id LIMIT 1)`,
      `UPDATE orders SET status = CASE status WHEN 'pending' THEN 'approved' WHEN 'approved' THEN 'pending' ELSE 'failed' END
        WHERE status IN ('pending', 'approved')
           OR id = (SELECT id FROM orders WHERE status = 'submitted' ORDER BY id LIMIT 1)`,
    );
    expect(mostRowsRemovedByAJoinFilter()).toBeLessThan(MOST_ROWS_REMOVED);
    await expectKeptEqualRecomputed();
  });
});
