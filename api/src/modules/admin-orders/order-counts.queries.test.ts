import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import type { Db } from '../../database/connection.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';
import { countOrdersByStatus, selectOrdersPage, type AdminOrderFilter } from './admin-orders.queries.js';

/**
 * The back office's tab counts and list totals: with no filter, a status or a department they are
 * read from the kept counts (order_counts), any other filter counts the orders; both agree.
 */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let db: Db;
const now = new Date();

beforeAll(async () => {
  database = await createIsolatedDatabase();
  db = database.db;
  const [user] = await db('users').insert({ email: 'counts@test.supplyhub.test' }).returning<{ id: string }[]>('id');
  const order = (status: string, location: string) => ({
    user_id: user!.id,
    user_email: 'counts@test.supplyhub.test',
    status,
    delivery_location: location,
    total_amount: '5.00',
    ...(status === 'rejected' ? { rejection_reason: 'test' } : {}),
  });
  await db('orders').insert([
    order('pending', 'Default'),
    order('pending', 'Default'),
    order('pending', 'Medical'),
    order('submitted', 'ICU'),
    order('submitted', 'ICU'),
    order('rejected', 'ICU'),
  ]);
});

afterAll(() => database.drop());

const total = async (filter: AdminOrderFilter) =>
  (await selectOrdersPage(db, { filter, sort: { field: 'created_at', order: 'desc' }, offset: 0, limit: 1, now }))
    .total;

describe('order counts', () => {
  it('count each status and department as the orders do, Medical including orders without a department', async () => {
    expect(await countOrdersByStatus(db, {}, now)).toEqual({ pending: 3, submitted: 2, rejected: 1 });
    expect(await countOrdersByStatus(db, { department: 'Medical' }, now)).toEqual({ pending: 3 });
    expect(await countOrdersByStatus(db, { department: 'ICU' }, now)).toEqual({ submitted: 2, rejected: 1 });
    expect(await total({})).toBe(6);
    expect(await total({ status: 'pending', department: 'Medical' })).toBe(3);
    expect(await total({ status: 'submitted' })).toBe(2);
    expect(await total({ department: 'Nowhere' })).toBe(0);
  });

  it('are read from the kept counts for those filters, and from the orders for any other', async () => {
    // A counter off by 100: the views the kept counts answer show it, a search does not.
    await db('order_counts').insert({ status: 'submitted', delivery_location: 'ICU', shard: 99, orders: 100 });
    try {
      expect((await countOrdersByStatus(db, {}, now)).submitted).toBe(102);
      expect(await total({ department: 'ICU' })).toBe(103);
      expect(await total({ department: 'ICU', q: 'counts@test' })).toBe(3);
    } finally {
      await db.raw('SELECT order_counts_rebuild()');
    }
    expect(await total({ department: 'ICU' })).toBe(3);
  });

  it('follow every write of an order: a status change, a move to another department, a delete', async () => {
    const [first] = await db('orders').where({ status: 'pending' }).orderBy('id').limit(1).select('id');
    await db('orders').where({ id: first!.id }).update({ status: 'approved', delivery_location: 'ICU' });
    expect(await countOrdersByStatus(db, { department: 'ICU' }, now)).toEqual({
      approved: 1,
      submitted: 2,
      rejected: 1,
    });
    await db('orders').where({ id: first!.id }).delete();
    expect(await total({})).toBe(5);
  });
});
