import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import type { Db } from '../../database/connection.js';
import { createIsolatedDatabase, readRebuilt } from '../../test-support/test-context.js';
import { rebuildCommittedTotals } from './budgets.queries.js';

/**
 * The running committed totals (migrations/…_create_budget_committed_hours) against the definition
 * they keep: after any sequence of the changes that move an order's cost, each order's
 * budget_committed is order_budget_cost() of it, the hour rows are what a rebuild computes, and a
 * period's total read from them is the sum over its orders — for windows on whole hours and on the
 * half hours of a time zone like Asia/Kolkata's.
 */
// 'submitted' twice: only a sent order's cost follows the supplier's confirmations.
const STATUSES = ['pending', 'approved', 'submitted', 'submitted', 'failed', 'rejected'] as const;
const ORDERS = 4;
const BASE = Date.parse('2026-05-01T04:00:00Z');

const orderIndex = fc.integer({ min: 0, max: ORDERS - 1 });
const status = fc.constantFrom(...STATUSES);
const departmentIndex = fc.constantFrom(0, 1, null);
// Within three hours of BASE, on any minute: part-hours at both ends of a window are often in question.
const createdAt = fc.integer({ min: -90, max: 90 }).map((minutes) => new Date(BASE + minutes * 60_000));
const lineInput = fc.record({ quantity: fc.integer({ min: 1, max: 5 }), unitCents: fc.integer({ min: 1, max: 2000 }) });

const operation = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), order: orderIndex, status }),
  fc.record({
    kind: fc.constant('bulk-status' as const),
    orders: fc.uniqueArray(orderIndex, { minLength: 1, maxLength: ORDERS }),
    status,
  }),
  fc.record({ kind: fc.constant('qa' as const), order: orderIndex, isQa: fc.boolean() }),
  fc.record({ kind: fc.constant('retime' as const), order: orderIndex, at: createdAt }),
  fc.record({ kind: fc.constant('department' as const), order: orderIndex, department: departmentIndex }),
  // An approver rejects a line: it leaves order_items and the total drops.
  fc.record({ kind: fc.constant('reject-line' as const), order: orderIndex }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      order: orderIndex,
      type: fc.constantFrom('accept', 'reject', 'detail', 'detail'),
      rejectedQuantity: fc.integer({ min: 0, max: 6 }),
    }),
  },
  // The newest current confirmation is marked replaced (by the one before it): the one before counts again.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), order: orderIndex }) },
  // A line's quantity changed by hand, the order's total left as it was.
  fc.record({
    kind: fc.constant('line-quantity' as const),
    order: orderIndex,
    quantity: fc.integer({ min: 1, max: 5 }),
  }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-confirmations' as const), order: orderIndex }) },
  fc.record({ kind: fc.constant('delete-order' as const), order: orderIndex }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const initialOrder = fc.record({
  status,
  department: departmentIndex,
  at: createdAt,
  lines: fc.array(lineInput, { minLength: 1, maxLength: 3 }),
});

type InitialOrder = typeof initialOrder extends fc.Arbitrary<infer T> ? T : never;

let sequence = 0;

async function insertOrder(db: Db, userId: string, departmentIds: string[], order: InitialOrder): Promise<string> {
  const totalCents = order.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  const [row] = await db('orders')
    .insert({
      user_id: userId,
      user_email: 'ledger@test.supplyhub.test',
      status: order.status,
      rejection_reason: 'test',
      total_amount: (totalCents / 100).toFixed(2),
      department_id: order.department === null ? null : departmentIds[order.department],
      created_at: order.at,
    })
    .returning<{ id: string }[]>('id');
  const orderId = row!.id;
  await db('order_items').insert(
    order.lines.map((line, index) => ({
      order_id: orderId,
      line_number: index + 1,
      asin: `LEDGER${index}`,
      title: 'Ledger line',
      quantity: line.quantity,
      unit_price: (line.unitCents / 100).toFixed(2),
      total_price: ((line.unitCents * line.quantity) / 100).toFixed(2),
    })),
  );
  return orderId;
}

async function apply(db: Db, ids: string[], departmentIds: string[], op: Operation): Promise<void> {
  const orderId = 'order' in op ? ids[op.order]! : undefined;
  switch (op.kind) {
    case 'status':
      await db('orders').where({ id: orderId }).update({ status: op.status });
      return;
    case 'bulk-status':
      await db('orders')
        .whereIn(
          'id',
          op.orders.map((index) => ids[index]!),
        )
        .update({ status: op.status });
      return;
    case 'qa':
      await db('orders').where({ id: orderId }).update({ is_qa: op.isQa });
      return;
    case 'retime':
      await db('orders').where({ id: orderId }).update({ created_at: op.at });
      return;
    case 'department':
      await db('orders')
        .where({ id: orderId })
        .update({ department_id: op.department === null ? null : departmentIds[op.department] });
      return;
    case 'reject-line':
      await db.transaction(async (trx) => {
        const line = await trx('order_items')
          .where({ order_id: orderId })
          .orderBy('line_number', 'desc')
          .first<{ id: string; total_price: string } | undefined>('id', 'total_price');
        if (!line) return;
        await trx('order_items').where({ id: line.id }).delete();
        await trx('orders')
          .where({ id: orderId })
          .update({ total_amount: trx.raw('greatest(total_amount - ?, 0)', [line.total_price]) });
      });
      return;
    case 'confirm': {
      if (!(await db('orders').where({ id: orderId }).first('id'))) return;
      sequence += 1;
      const [document] = await db('inbound_documents')
        .insert({ order_id: orderId, status_code: 200, status_text: 'OK' })
        .returning<{ id: string }[]>('id');
      const [confirmation] = await db('supplier_confirmations')
        .insert({
          order_id: orderId,
          inbound_document_id: document!.id,
          payload_id: `ledger-${sequence}`,
          confirmation_type: op.type,
          operation: 'new',
          notice_date: new Date(BASE),
        })
        .returning<{ id: string }[]>('id');
      if (op.type === 'detail') {
        await db('supplier_confirmation_lines').insert({
          confirmation_id: confirmation!.id,
          line_number: 1,
          status: 'reject',
          quantity: op.rejectedQuantity,
        });
      }
      return;
    }
    case 'replace': {
      const current = await db('supplier_confirmations')
        .where({ order_id: orderId, replaced_by_id: null })
        .orderBy('id', 'desc')
        .limit(2)
        .select<{ id: string }[]>('id');
      if (current.length === 2) {
        await db('supplier_confirmations').where({ id: current[0]!.id }).update({ replaced_by_id: current[1]!.id });
      }
      return;
    }
    case 'line-quantity':
      await db('order_items')
        .where({ order_id: orderId, line_number: 1 })
        .update({ quantity: op.quantity, total_price: db.raw('unit_price * ?', [op.quantity]) });
      return;
    case 'delete-confirmations':
      await db('supplier_confirmations').where({ order_id: orderId }).delete();
      return;
    case 'delete-order':
      await db('orders').where({ id: orderId }).delete();
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

/** The hour rows as budget_committed_rebuild() computes them from scratch, without keeping them. */
const rebuiltHours = (db: Db) => readRebuilt(db, 'SELECT budget_committed_rebuild()', hours);

describe('running committed totals', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let userId: string;
  let departmentIds: string[];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const [user] = await database.db('users').insert({ email: 'ledger@test.supplyhub.test' }).returning('id');
    userId = (user as { id: string }).id;
    const departments = await database
      .db('departments')
      .insert([
        { code: 'LEDGER-A', name: 'Ledger A' },
        { code: 'LEDGER-B', name: 'Ledger B' },
      ])
      .returning<{ id: string }[]>('id');
    departmentIds = departments.map((department) => department.id);
  });
  afterAll(() => database.drop());

  it('stay equal to their definition after any sequence of status, total, QA, time, department and supplier changes, alone or several to a transaction', async () => {
    const db = database.db;
    const windowStart = fc.integer({ min: -8, max: 8 }).map((halfHours) => new Date(BASE + halfHours * 30 * 60_000));
    await fc.assert(
      fc.asyncProperty(
        fc.array(initialOrder, { minLength: ORDERS, maxLength: ORDERS }),
        // Each inner list is one transaction: several writes then meet at one commit.
        fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
        windowStart,
        fc.integer({ min: 1, max: 10 }),
        async (initial, operations, start, halfHours) => {
          await db('orders').delete();
          const ids: string[] = [];
          for (const order of initial) ids.push(await insertOrder(db, userId, departmentIds, order));
          for (const together of operations) {
            await db.transaction(async (trx) => {
              for (const op of together) await apply(trx, ids, departmentIds, op);
            });
            // After each commit: a later write of the order would hide a missed one.
            expect(await ordersOffTheirCost(db)).toEqual([]);
          }
          expect(await hours(db)).toEqual(await rebuiltHours(db));

          const end = new Date(start.getTime() + halfHours * 30 * 60_000);
          for (const departmentId of departmentIds) {
            const { rows } = await db.raw<{ rows: { kept: string; summed: string }[] }>(
              `SELECT department_committed_between(:departmentId, :start, :end)::text AS kept,
                      (SELECT coalesce(sum(order_budget_cost(o)), 0) FROM orders AS o
                        WHERE o.department_id = :departmentId AND o.created_at >= :start AND o.created_at < :end)::text AS summed`,
              { departmentId, start, end },
            );
            expect(Number(rows[0]!.kept)).toBe(Number(rows[0]!.summed));
          }
        },
      ),
      { numRuns: 100 },
    );
    await db('orders').delete();
    expect(await hours(db)).toEqual([]);
  });

  it('follow what the supplier confirms of a sent order, step by step', async () => {
    const db = database.db;
    await db('orders').delete();
    // $25.00 sent: line 1 two at $10.00, line 2 one at $5.00.
    const orderId = await insertOrder(db, userId, departmentIds, {
      status: 'submitted',
      department: 0,
      at: new Date(BASE),
      lines: [
        { quantity: 2, unitCents: 1000 },
        { quantity: 1, unitCents: 500 },
      ],
    });
    const committed = async () => {
      const { rows } = await db.raw<{ rows: { committed: string }[] }>(
        `SELECT department_committed_between(?, ?, ?)::text AS committed`,
        [departmentIds[0]!, new Date(BASE - 3_600_000), new Date(BASE + 3_600_000)],
      );
      return rows[0]!.committed;
    };
    const confirm = (type: string, rejectedOfLineOne?: number) =>
      apply(db, [orderId], departmentIds, {
        kind: 'confirm',
        order: 0,
        type: type as 'detail',
        rejectedQuantity: rejectedOfLineOne ?? 0,
      });
    expect(await committed()).toBe('25.00');
    await confirm('detail', 1);
    expect(await committed()).toBe('15.00');
    await confirm('reject');
    expect(await committed()).toBe('0.00');
    // The whole-order reject marked replaced: the line's reject counts again.
    await apply(db, [orderId], departmentIds, { kind: 'replace', order: 0 });
    expect(await committed()).toBe('15.00');
    // One of line 1 left on the order: the supplier rejected all of it.
    await apply(db, [orderId], departmentIds, { kind: 'line-quantity', order: 0, quantity: 1 });
    expect(await committed()).toBe('15.00');
    await apply(db, [orderId], departmentIds, { kind: 'delete-confirmations', order: 0 });
    expect(await committed()).toBe('25.00');
    await db('orders').where({ id: orderId }).update({ status: 'rejected' });
    expect(await committed()).toBe('0.00');
    expect(await ordersOffTheirCost(db)).toEqual([]);
  });

  it('leave out of a part-hour the order a submission is checking, written but not committed', async () => {
    const db = database.db;
    await db('orders').delete();
    // A window on half hours, as in Asia/Kolkata: 03:30 to 05:30 UTC, whole hour 04:00–05:00; the
    // checked order at 05:15 is in its last part-hour, read from the orders, where it is already visible.
    const start = new Date(BASE - 30 * 60_000);
    const end = new Date(BASE + 90 * 60_000);
    await insertOrder(db, userId, departmentIds, {
      status: 'pending',
      department: 0,
      at: new Date(BASE + 15 * 60_000),
      lines: [{ quantity: 1, unitCents: 1000 }],
    });
    const between = (runner: Db, except: string | null) =>
      runner
        .raw<{ rows: { committed: string }[] }>('SELECT department_committed_between(?, ?, ?, ?)::text AS committed', [
          departmentIds[0]!,
          start,
          end,
          except,
        ])
        .then((result) => result.rows[0]!.committed);
    await db.transaction(async (trx) => {
      const checked = await insertOrder(trx, userId, departmentIds, {
        status: 'pending',
        department: 0,
        at: new Date(BASE + 75 * 60_000),
        lines: [{ quantity: 1, unitCents: 700 }],
      });
      expect(await between(trx, null)).toBe('17.00');
      expect(await between(trx, checked)).toBe('10.00');
    });
    expect(await between(db, null)).toBe('17.00');
  });

  /** An approved order of three units in department 1 whose kept cost says $1.00 (its trigger held off). */
  async function insertDriftedOrder(db: Db, unitCents: number): Promise<string> {
    const orderId = await insertOrder(db, userId, departmentIds, {
      status: 'approved',
      department: 1,
      at: new Date(BASE),
      lines: [{ quantity: 3, unitCents }],
    });
    await db.raw('ALTER TABLE orders DISABLE TRIGGER budget_committed_cost');
    try {
      await db('orders').where({ id: orderId }).update({ budget_committed: '1.00' });
    } finally {
      await db.raw('ALTER TABLE orders ENABLE TRIGGER budget_committed_cost');
    }
    return orderId;
  }

  it('are put right by budget_committed_rebuild(), each order counted once', async () => {
    const db = database.db;
    await db('orders').delete();
    // Both kept values knocked off, as a bug or a restore might.
    await insertDriftedOrder(db, 700);
    await db('department_committed_hours').update({ committed: '999.00' });
    await db.raw('SELECT budget_committed_rebuild()');
    expect(await ordersOffTheirCost(db)).toEqual([]);
    expect((await hours(db)).map((row) => row.committed)).toEqual(['21.00']);
  });

  it('are rebuilt while an order is being written: the rebuild waits for it, neither deadlocks', async () => {
    const db = database.db;
    await db('orders').delete();
    // A drifted order, which the rebuild must correct (so lock), as a bulk load leaves them.
    const orderId = await insertDriftedOrder(db, 1000);
    // The writer holds that order; its commit writes the hour rows.
    const writer = await db.transaction();
    try {
      await writer('orders').where({ id: orderId }).update({ status: 'pending' });
      const rebuilding = db.transaction((trx) => rebuildCommittedTotals(trx));
      await waitForLockWait(db, 'budget_committed_rebuild|LOCK TABLE orders');
      await writer.commit();
      await expect(rebuilding).resolves.toMatchObject({ hour_rows: 1 });
    } finally {
      if (!writer.isCompleted()) await writer.rollback();
    }
    expect(await ordersOffTheirCost(db)).toEqual([]);
    expect((await hours(db)).map((row) => row.committed)).toEqual(['30.00']);
  });

  it('follow a TRUNCATE of the orders', async () => {
    const db = database.db;
    await db('orders').delete();
    await insertOrder(db, userId, departmentIds, {
      status: 'pending',
      department: 0,
      at: new Date(BASE),
      lines: [{ quantity: 2, unitCents: 500 }],
    });
    expect(await hours(db)).toHaveLength(1);
    await db.raw('TRUNCATE orders CASCADE');
    expect(await hours(db)).toEqual([]);
  });
});

/** Until a statement matching `pattern` waits on a lock (another transaction holds what it needs). */
async function waitForLockWait(db: Db, pattern: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await db.raw<{ rows: { waiting: number }[] }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE query ~ ? AND wait_event_type = 'Lock'`,
      [pattern],
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no statement matching ${pattern} waited on a lock`);
}
