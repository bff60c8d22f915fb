import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import type { Db } from '../../database/connection.js';
import { createIsolatedDatabase, readRebuilt } from '../../test-support/test-context.js';

/**
 * The totals the triggers keep — each order's budget_committed, the department hour rows
 * (…_make_budget_committed_set_based), the report rollups and the order counts — against a
 * recompute from orders and order_items, after random multi-row INSERT, UPDATE and DELETE
 * statements: the statement-level triggers see many rows, several orders and several keys at once.
 */
const ORDERS = 6;
const BASE = Date.parse('2026-05-01T04:00:00Z');
const STATUSES = ['pending', 'approved', 'submitted', 'submitted', 'failed', 'rejected'] as const;

const orderSet = fc.uniqueArray(fc.integer({ min: 0, max: ORDERS - 1 }), { minLength: 1, maxLength: ORDERS });
const status = fc.constantFrom(...STATUSES);
const department = fc.constantFrom(0, 1, null);
const minutes = fc.integer({ min: -150, max: 150 });
const line = fc.record({
  asin: fc.constantFrom('KT1', 'KT2', 'KT3'),
  title: fc.constantFrom('Kept A', '=Kept B'),
  quantity: fc.integer({ min: 1, max: 5 }),
  cents: fc.integer({ min: 1, max: 2000 }),
});

const statement = fc.oneof(
  fc.record({
    kind: fc.constant('insert-lines' as const),
    lines: fc.array(fc.record({ order: fc.integer({ min: 0, max: ORDERS - 1 }), line }), {
      minLength: 1,
      maxLength: 8,
    }),
  }),
  fc.record({ kind: fc.constant('quantities' as const), orders: orderSet, add: fc.integer({ min: -2, max: 3 }) }),
  fc.record({ kind: fc.constant('prices' as const), orders: orderSet, cents: fc.integer({ min: 1, max: 900 }) }),
  fc.record({ kind: fc.constant('move-lines' as const), from: orderSet, to: fc.integer({ min: 0, max: ORDERS - 1 }) }),
  fc.record({ kind: fc.constant('retitle' as const), orders: orderSet, asin: fc.constantFrom('KT1', 'KT4') }),
  fc.record({ kind: fc.constant('delete-lines' as const), orders: orderSet, parity: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('status' as const), orders: orderSet, status }),
  fc.record({ kind: fc.constant('department' as const), orders: orderSet, department }),
  fc.record({ kind: fc.constant('qa' as const), orders: orderSet, isQa: fc.boolean() }),
  fc.record({ kind: fc.constant('total' as const), orders: orderSet, cents: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ kind: fc.constant('retime' as const), orders: orderSet, minutes }),
  fc.record({ kind: fc.constant('state' as const), orders: orderSet, state: fc.constantFrom('NY', 'CA', null) }),
  fc.record({ kind: fc.constant('location' as const), orders: orderSet, location: fc.constantFrom('Default', 'ICU') }),
  fc.record({
    kind: fc.constant('confirm' as const),
    orders: orderSet,
    type: fc.constantFrom('reject', 'detail', 'accept'),
    rejected: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({ kind: fc.constant('unconfirm' as const), orders: orderSet }),
  fc.record({ kind: fc.constant('delete-orders' as const), orders: orderSet }),
);
type Statement = typeof statement extends fc.Arbitrary<infer T> ? T : never;

const initialOrder = fc.record({
  status,
  department,
  minutes,
  isQa: fc.boolean(),
  state: fc.constantFrom('NY', 'CA', null),
  lines: fc.array(line, { maxLength: 3 }),
});
type InitialOrder = typeof initialOrder extends fc.Arbitrary<infer T> ? T : never;

let lineNumber = 0;
let payload = 0;

const cents = (value: number) => (value / 100).toFixed(2);

async function insertOrders(db: Db, userId: string, departmentIds: string[], orders: InitialOrder[]) {
  const rows = await db('orders')
    .insert(
      orders.map((order) => ({
        user_id: userId,
        user_email: 'kept@test.supplyhub.test',
        status: order.status,
        rejection_reason: 'test',
        is_qa: order.isQa,
        ship_to_state: order.state,
        total_amount: cents(order.lines.reduce((sum, item) => sum + item.quantity * item.cents, 0)),
        department_id: order.department === null ? null : departmentIds[order.department],
        created_at: new Date(BASE + order.minutes * 60_000),
      })),
    )
    .returning<{ id: string }[]>('id');
  const ids = rows.map((row) => row.id);
  const lines = orders.flatMap((order, index) => order.lines.map((item) => ({ order: index, line: item })));
  if (lines.length > 0) await insertLines(db, ids, lines);
  return ids;
}

type LineInput = typeof line extends fc.Arbitrary<infer T> ? T : never;

async function insertLines(db: Db, ids: string[], lines: { order: number; line: LineInput }[]): Promise<void> {
  await db.raw(
    `INSERT INTO order_items (order_id, line_number, asin, title, quantity, unit_price, total_price)
     SELECT o.id, n.line_number, n.asin, n.title, n.quantity, n.unit_price, n.unit_price * n.quantity
       FROM jsonb_to_recordset(?::jsonb) AS n(order_id uuid, line_number int, asin text, title text, quantity int, unit_price numeric)
       JOIN orders AS o ON o.id = n.order_id`,
    [
      JSON.stringify(
        lines.map(({ order, line: item }) => ({
          order_id: ids[order],
          line_number: (lineNumber += 1),
          asin: item.asin,
          title: item.title,
          quantity: item.quantity,
          unit_price: cents(item.cents),
        })),
      ),
    ],
  );
}

async function apply(db: Db, ids: string[], departmentIds: string[], op: Statement): Promise<void> {
  const of = (orders: number[]) => orders.map((index) => ids[index]!);
  switch (op.kind) {
    case 'insert-lines':
      return insertLines(db, ids, op.lines);
    case 'quantities':
      await db.raw(
        `UPDATE order_items SET quantity = greatest(quantity + ?, 1), total_price = unit_price * greatest(quantity + ?, 1)
          WHERE order_id = ANY(?::uuid[])`,
        [op.add, op.add, of(op.orders)],
      );
      return;
    case 'prices':
      await db.raw(
        `UPDATE order_items SET unit_price = ?::numeric, total_price = ?::numeric * quantity WHERE order_id = ANY(?::uuid[])`,
        [cents(op.cents), cents(op.cents), of(op.orders)],
      );
      return;
    case 'move-lines':
      lineNumber += 100;
      await db.raw(
        `UPDATE order_items SET order_id = :to, line_number = line_number + :offset
          WHERE order_id = ANY(:from::uuid[]) AND EXISTS (SELECT 1 FROM orders WHERE id = :to)`,
        { to: ids[op.to]!, offset: lineNumber, from: of(op.from) },
      );
      return;
    case 'retitle':
      await db.raw(`UPDATE order_items SET asin = ? WHERE order_id = ANY(?::uuid[])`, [op.asin, of(op.orders)]);
      return;
    case 'delete-lines':
      await db.raw(`DELETE FROM order_items WHERE order_id = ANY(?::uuid[]) AND line_number % 2 = ?`, [
        of(op.orders),
        op.parity,
      ]);
      return;
    case 'status':
      await db.raw(`UPDATE orders SET status = ? WHERE id = ANY(?::uuid[])`, [op.status, of(op.orders)]);
      return;
    case 'department':
      await db.raw(`UPDATE orders SET department_id = ? WHERE id = ANY(?::uuid[])`, [
        op.department === null ? null : departmentIds[op.department]!,
        of(op.orders),
      ]);
      return;
    case 'qa':
      await db.raw(`UPDATE orders SET is_qa = ? WHERE id = ANY(?::uuid[])`, [op.isQa, of(op.orders)]);
      return;
    case 'total':
      await db.raw(`UPDATE orders SET total_amount = ?::numeric WHERE id = ANY(?::uuid[])`, [
        cents(op.cents),
        of(op.orders),
      ]);
      return;
    case 'retime':
      await db.raw(`UPDATE orders SET created_at = created_at + make_interval(mins => ?) WHERE id = ANY(?::uuid[])`, [
        op.minutes,
        of(op.orders),
      ]);
      return;
    case 'state':
      await db.raw(`UPDATE orders SET ship_to_state = ? WHERE id = ANY(?::uuid[])`, [op.state, of(op.orders)]);
      return;
    case 'location':
      await db.raw(`UPDATE orders SET delivery_location = ? WHERE id = ANY(?::uuid[])`, [op.location, of(op.orders)]);
      return;
    case 'confirm':
      await db.raw(
        `WITH documents AS (
           INSERT INTO inbound_documents (order_id, status_code, status_text)
           SELECT id, 200, 'OK' FROM orders WHERE id = ANY(:ids::uuid[]) RETURNING id, order_id
         ), confirmations AS (
           INSERT INTO supplier_confirmations (order_id, inbound_document_id, payload_id, confirmation_type, operation, notice_date)
           SELECT order_id, id, 'kept-' || :payload || '-' || id, :type, 'new', now() FROM documents
           RETURNING id
         )
         SELECT count(*) FROM confirmations`,
        { ids: of(op.orders), payload: (payload += 1), type: op.type },
      );
      if (op.type === 'detail') {
        // Lines of the new detail confirmations, naming each order's first line (a separate
        // statement: a CTE's inserted rows are not visible to its own statement).
        await db.raw(
          `INSERT INTO supplier_confirmation_lines (confirmation_id, line_number, status, quantity)
           SELECT c.id, (SELECT min(i.line_number) FROM order_items AS i WHERE i.order_id = c.order_id), 'reject', ?
             FROM supplier_confirmations AS c
            WHERE c.payload_id LIKE ? AND EXISTS (SELECT 1 FROM order_items AS i WHERE i.order_id = c.order_id)`,
          [op.rejected, `kept-${payload}-%`],
        );
      }
      return;
    case 'unconfirm':
      await db.raw(`DELETE FROM supplier_confirmations WHERE order_id = ANY(?::uuid[])`, [of(op.orders)]);
      return;
    case 'delete-orders':
      await db.raw(`DELETE FROM orders WHERE id = ANY(?::uuid[])`, [of(op.orders)]);
  }
}

async function ordersOffTheirCost(db: Db): Promise<unknown[]> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    'SELECT o.id, o.status, o.budget_committed FROM orders AS o WHERE o.budget_committed IS DISTINCT FROM order_budget_cost(o)',
  );
  return rows;
}

async function hours(db: Db) {
  return db('department_committed_hours')
    .whereNot({ committed: 0 })
    .orderBy(['department_id', 'hour_start'])
    .select('department_id', db.raw('hour_start::text AS hour_start'), db.raw('committed::text AS committed'));
}

async function rollups(db: Db) {
  const orders = await db('report_daily_orders')
    .select(db.raw('day::text AS day'), 'state', 'order_count', 'units', 'spend')
    .orderBy(['day', 'state']);
  const products = await db('report_daily_products')
    .select(db.raw('day::text AS day'), 'asin', 'title_snapshot', 'order_count', 'units', 'spend')
    .orderBy(['day', 'asin', 'title_snapshot']);
  return { orders, products };
}

async function orderCounts(db: Db) {
  return db('order_counts')
    .groupBy('status', 'delivery_location')
    .havingRaw('sum(orders) <> 0')
    .orderBy(['status', 'delivery_location'])
    .select('status', 'delivery_location', db.raw('sum(orders)::int AS orders'));
}

async function queued(db: Db): Promise<number> {
  const { rows } = await db.raw<{ rows: { n: number }[] }>(
    `SELECT (SELECT count(*) FROM department_committed_hour_changes) + (SELECT count(*) FROM department_committed_hour_flushes) AS n`,
  );
  return Number(rows[0]!.n);
}

async function expectKeptEqualRecomputed(db: Db): Promise<void> {
  expect(await ordersOffTheirCost(db)).toEqual([]);
  expect(await hours(db)).toEqual(await readRebuilt(db, 'SELECT budget_committed_rebuild()', hours));
  expect(await rollups(db)).toEqual(await readRebuilt(db, 'SELECT report_rollups_rebuild()', rollups));
  expect(await orderCounts(db)).toEqual(await readRebuilt(db, 'SELECT order_counts_rebuild()', orderCounts));
  expect(await queued(db)).toBe(0);
}

describe('totals kept by statement-level triggers', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let userId: string;
  let departmentIds: string[];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    await database.db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    const [user] = await database.db('users').insert({ email: 'kept@test.supplyhub.test' }).returning('id');
    userId = (user as { id: string }).id;
    const departments = await database
      .db('departments')
      .insert([
        { code: 'KEPT-A', name: 'Kept A' },
        { code: 'KEPT-B', name: 'Kept B' },
      ])
      .returning<{ id: string }[]>('id');
    departmentIds = departments.map((row) => row.id);
  });
  afterAll(() => database.drop());

  it('equal a recompute from the orders and their lines after random multi-row statements, one or several to a transaction', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(initialOrder, { minLength: ORDERS, maxLength: ORDERS }),
        fc.array(fc.array(statement, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        async (initial, transactions) => {
          // Each run starts clean, whatever a failed one left behind.
          await db('orders').delete();
          await db.raw('SELECT budget_committed_rebuild(), report_rollups_rebuild()');
          const ids = await insertOrders(db, userId, departmentIds, initial);
          await expectKeptEqualRecomputed(db);
          for (const together of transactions) {
            await db.transaction(async (trx) => {
              for (const op of together) await apply(trx, ids, departmentIds, op);
            });
            await expectKeptEqualRecomputed(db);
          }
        },
      ),
      { numRuns: 40 },
    );
    await db('orders').delete();
    expect(await hours(db)).toEqual([]);
    expect(await rollups(db)).toEqual({ orders: [], products: [] });
  }, 600_000);

  it('equal a recompute after two transactions change the same department hours and days in opposite orders and commit together', async () => {
    const db = database.db;
    await db('orders').delete();
    const at = (minutes: number) => ({ minutes, isQa: false, state: 'NY' as const, department: 0 as const });
    const lines: LineInput[] = [{ asin: 'KT1', title: 'Kept A', quantity: 2, cents: 500 }];
    // Two orders in each of two hours of one department, all counted in the rollups.
    const ids = await insertOrders(db, userId, departmentIds, [
      { ...at(-30), status: 'approved', lines },
      { ...at(-20), status: 'approved', lines },
      { ...at(30), status: 'approved', lines },
      { ...at(40), status: 'approved', lines },
    ]);
    for (let round = 0; round < 5; round += 1) {
      const first = await db.transaction();
      const second = await db.transaction();
      try {
        // First: hour one, then hour two; second: hour two, then hour one — the hour rows are
        // written at commit, in key order, so neither waits for the other in a cycle.
        await first.raw(`UPDATE orders SET total_amount = total_amount + 1 WHERE id = ?`, [ids[0]!]);
        await second.raw(`UPDATE orders SET total_amount = total_amount + 2 WHERE id = ?`, [ids[2]!]);
        await first.raw(`UPDATE orders SET total_amount = total_amount + 3 WHERE id = ?`, [ids[3]!]);
        await second.raw(`UPDATE orders SET total_amount = total_amount + 4 WHERE id = ?`, [ids[1]!]);
        await first.raw(
          `INSERT INTO order_items (order_id, line_number, asin, title, quantity, unit_price, total_price)
           VALUES (?, ?, 'KT2', 'Kept A', 1, 1.00, 1.00), (?, ?, 'KT2', 'Kept A', 1, 1.00, 1.00)`,
          [ids[0]!, (lineNumber += 1), ids[3]!, (lineNumber += 1)],
        );
        await Promise.all([first.commit(), second.commit()]);
      } finally {
        if (!first.isCompleted()) await first.rollback();
        if (!second.isCompleted()) await second.rollback();
      }
    }
    await expectKeptEqualRecomputed(db);
    const { rows } = await db.raw<{ rows: { committed: string }[] }>(
      `SELECT sum(committed)::text AS committed FROM department_committed_hours WHERE department_id = ?`,
      [departmentIds[0]!],
    );
    // 4 × $10.00, plus (1 + 2 + 3 + 4) a round for 5 rounds.
    expect(rows[0]!.committed).toBe('90.00');
  }, 60_000);
});
