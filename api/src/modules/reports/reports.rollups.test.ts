import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import type { Db } from '../../database/connection.js';
import { createIsolatedDatabase, readRebuilt, testContext } from '../../test-support/test-context.js';
import { seedDemoData } from '../demo/demo.service.js';

/** Every order, with the supplier invoices the demo seed writes against them (their key keeps them otherwise). */
async function deleteAllOrders(db: Db): Promise<void> {
  await db('invoices').delete();
  await db('orders').delete();
}

const STATUSES = ['pending', 'approved', 'submitted', 'failed', 'rejected'] as const;
const STATES = ['NY', 'CA', 'PR', null] as const;
// Zones either side of New York, one a day ahead, and one PostgreSQL does not know (New York applies).
const TIMEZONES = ['America/New_York', 'America/Chicago', 'Asia/Tokyo', 'UTC', 'Not/AZone'] as const;
const ORDERS = 4;

const orderIndex = fc.integer({ min: 0, max: ORDERS - 1 });
const status = fc.constantFrom(...STATUSES);
const state = fc.constantFrom(...STATES);
const line = fc.record({
  asin: fc.constantFrom('RLP1', 'RLP2', 'RLP3'),
  title: fc.constantFrom('Title A', '=Title B'),
  quantity: fc.integer({ min: 1, max: 5 }),
  unitCents: fc.integer({ min: 0, max: 2000 }),
});
// Around midnight in New York (04:00 UTC in May), so the day of an order is often in question.
const createdAt = fc
  .integer({ min: -90, max: 90 })
  .map((minutes) => new Date(Date.parse('2026-05-01T04:00:00Z') + minutes * 60_000));

const operation = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), order: orderIndex, status, state: fc.option(state) }),
  fc.record({
    kind: fc.constant('bulk-status' as const),
    orders: fc.uniqueArray(orderIndex, { minLength: 1, maxLength: ORDERS }),
    status,
  }),
  fc.record({ kind: fc.constant('state' as const), order: orderIndex, state }),
  fc.record({
    kind: fc.constant('add-lines' as const),
    order: orderIndex,
    lines: fc.array(line, { minLength: 1, maxLength: 2 }),
  }),
  fc.record({ kind: fc.constant('change-line' as const), order: orderIndex, quantity: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('delete-line' as const), order: orderIndex }),
  fc.record({ kind: fc.constant('move-line' as const), from: orderIndex, to: orderIndex }),
  fc.record({ kind: fc.constant('retime' as const), order: orderIndex, at: createdAt }),
  fc.record({ kind: fc.constant('delete-order' as const), order: orderIndex }),
  fc.record({ kind: fc.constant('timezone' as const), timezone: fc.constantFrom(...TIMEZONES) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const initialOrder = fc.record({ status, state, at: createdAt, lines: fc.array(line, { maxLength: 3 }) });

let lineCounter = 0;

async function addLines(db: Db, orderId: string, lines: LineInput[]): Promise<void> {
  if (lines.length === 0) return;
  await db('order_items').insert(
    lines.map((item) => {
      lineCounter += 1;
      return {
        order_id: orderId,
        line_number: lineCounter,
        asin: item.asin,
        title: item.title,
        quantity: item.quantity,
        unit_price: (item.unitCents / 100).toFixed(2),
        total_price: ((item.unitCents * item.quantity) / 100).toFixed(2),
      };
    }),
  );
}

interface LineInput {
  asin: string;
  title: string;
  quantity: number;
  unitCents: number;
}

async function someLineOf(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db('order_items').where({ order_id: orderId }).orderBy('line_number').first('id');
  return (row as { id: string } | undefined)?.id;
}

async function apply(db: Db, ids: string[], op: Operation): Promise<void> {
  switch (op.kind) {
    case 'status':
      await db('orders')
        .where({ id: ids[op.order] })
        .update({ status: op.status, ...(op.state === null ? {} : { ship_to_state: op.state }) });
      return;
    case 'bulk-status':
      await db('orders')
        .whereIn(
          'id',
          op.orders.map((index) => ids[index]!),
        )
        .update({ status: op.status });
      return;
    case 'state':
      await db('orders').where({ id: ids[op.order] }).update({ ship_to_state: op.state });
      return;
    case 'add-lines':
      if (await db('orders').where({ id: ids[op.order] }).first('id')) await addLines(db, ids[op.order]!, op.lines);
      return;
    case 'change-line': {
      const lineId = await someLineOf(db, ids[op.order]!);
      if (lineId)
        await db('order_items')
          .where({ id: lineId })
          .update({ quantity: op.quantity, total_price: db.raw('unit_price * ?', [op.quantity]) });
      return;
    }
    case 'delete-line': {
      const lineId = await someLineOf(db, ids[op.order]!);
      if (lineId) await db('order_items').where({ id: lineId }).delete();
      return;
    }
    case 'move-line': {
      const lineId = await someLineOf(db, ids[op.from]!);
      const target = await db('orders').where({ id: ids[op.to] }).first('id');
      lineCounter += 1;
      if (lineId && target)
        await db('order_items').where({ id: lineId }).update({ order_id: ids[op.to], line_number: lineCounter });
      return;
    }
    case 'retime':
      await db('orders').where({ id: ids[op.order] }).update({ created_at: op.at });
      return;
    case 'delete-order':
      await db('orders').where({ id: ids[op.order] }).delete();
      return;
    case 'timezone':
      await db('company_settings').where({ id: 1 }).update({ timezone: op.timezone });
  }
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

/** The rollups as report_rollups_rebuild() computes them from scratch, without keeping them. */
const recomputed = (db: Db) => readRebuilt(db, 'SELECT report_rollups_rebuild()', rollups);

describe('report rollups', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let userId: string;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    await database.db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    const [user] = await database.db('users').insert({ email: 'rollups@test.supplyhub.test' }).returning('id');
    userId = (user as { id: string }).id;
  });
  afterAll(() => database.drop());

  it('follow the demo seed, which writes submitted orders first and their lines after', async () => {
    const db = database.db;
    await deleteAllOrders(db);
    const seeded = await seedDemoData(testContext(db));
    expect(seeded.orders).toBeGreaterThan(0);
    const counted = await db('orders').whereIn('status', ['approved', 'submitted']).count('* as n').first();
    const kept = await rollups(db);
    expect(kept.orders.reduce((sum, row) => sum + Number(row.order_count), 0)).toBe(Number(counted?.n));
    expect(kept).toEqual(await recomputed(db));
  });

  it('stay equal to a from-scratch recomputation after any sequence of order, line and timezone changes', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(initialOrder, { minLength: ORDERS, maxLength: ORDERS }),
        fc.array(operation, { maxLength: 12 }),
        async (initial, operations) => {
          // Each run starts clean, whatever the previous one left behind.
          await deleteAllOrders(db);
          await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
          await db.raw('SELECT report_rollups_rebuild()');
          const ids: string[] = [];
          for (const order of initial) {
            // Inserted with its final status and state, then its lines: the way the demo seed writes.
            const [row] = await db('orders')
              .insert({
                user_id: userId,
                user_email: 'rollups@test.supplyhub.test',
                status: order.status,
                ship_to_state: order.state,
                rejection_reason: 'test',
                created_at: order.at,
              })
              .returning('id');
            ids.push((row as { id: string }).id);
            await addLines(db, ids.at(-1)!, order.lines);
          }
          for (const op of operations) await apply(db, ids, op);
          expect(await rollups(db)).toEqual(await recomputed(db));
          await deleteAllOrders(db);
          expect(await rollups(db)).toEqual({ orders: [], products: [] });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('put an order approved while the timezone changes on its day in the new zone', async () => {
    const db = database.db;
    await deleteAllOrders(db);
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    // 23:30 on 30 April in New York, 12:30 on 1 May in Tokyo.
    const [order] = await db('orders')
      .insert({ user_id: userId, user_email: 'rollups@test.supplyhub.test', created_at: '2026-05-01T03:30:00Z' })
      .returning<{ id: string }[]>('id');
    await addLines(db, order!.id, [{ asin: 'RLP1', title: 'Title A', quantity: 2, unitCents: 150 }]);

    const change = await db.transaction();
    let approving: Promise<unknown> | undefined;
    try {
      await change('company_settings').where({ id: 1 }).update({ timezone: 'Asia/Tokyo' });
      approving = db('orders')
        .where({ id: order!.id })
        .update({ status: 'approved' })
        .then((count) => count);
      // The approval's trigger waits for the change's lock on the rollups …
      for (let attempt = 0; ; attempt += 1) {
        const waiting = await db.raw<{ rows: { n: number }[] }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting.rows[0]!.n > 0) break;
        if (attempt > 200) throw new Error('the approval never waited for the timezone change');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await change.commit();
    } finally {
      if (!change.isCompleted()) await change.rollback();
    }
    await approving;
    // … and then reads the new zone: 1 May, as a rebuild has it.
    const kept = await rollups(db);
    expect(kept.orders).toEqual([{ day: '2026-05-01', state: '', order_count: 1, units: 2, spend: '3.00' }]);
    expect(kept).toEqual(await recomputed(db));
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
  });
});
