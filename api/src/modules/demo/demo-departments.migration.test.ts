import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase } from '../../test-support/test-context.js';
import * as chargeDemoOrders from '../../../../migrations/20261128002200_charge_demo_orders_to_departments.js';

type IsolatedDatabase = Awaited<ReturnType<typeof createIsolatedDatabase>>;

/** A demo database seeded before orders were charged to departments gets its orders charged. */
describe('the migration charging demo orders to their requesters’ departments', () => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  afterAll(() => database.drop());

  async function requester(email: string, departmentId: string) {
    const [user] = await database.db('users').insert({ email }).returning<{ id: string }[]>('id');
    await database.db('profiles').insert({ user_id: user!.id, department_id: departmentId });
    return { id: user!.id, email };
  }

  function order(user: { id: string; email: string }, createdAt: Date, departmentId: string | null = null) {
    return {
      user_id: user.id,
      user_email: user.email,
      status: 'pending',
      total_amount: '25.00',
      department_id: departmentId,
      created_at: createdAt,
    };
  }

  it('charges only a seeded demo database’s own orders, and their cost reaches the department’s totals', async () => {
    const db = database.db;
    const [department] = await db('departments')
      .insert({ code: 'DEMO-ER', name: 'Demo Emergency' })
      .returning<{ id: string }[]>('id');
    const other = await db('departments')
      .insert({ code: 'DEMO-X', name: 'Elsewhere' })
      .returning<{ id: string }[]>('id');
    const demo = await requester('migr-doctor@demo.supplyhub.test', department!.id);
    const real = await requester('migr-doctor@hospital.example', department!.id);
    const seededAt = new Date('2026-11-20T12:00:00Z');
    const [seeded, afterSeed, realOrder, charged] = await db('orders')
      .insert([
        order(demo, new Date('2026-11-10T09:00:00Z')),
        order(demo, new Date('2026-11-21T09:00:00Z')), // placed after the seed: not the seed's
        order(real, new Date('2026-11-10T09:00:00Z')), // not a demo account
        order(demo, new Date('2026-11-11T09:00:00Z'), other[0]!.id), // already charged: kept
      ])
      .returning<{ id: string }[]>('id');

    // Not a seeded demo database: nothing changes.
    await db.transaction((trx) => chargeDemoOrders.up(trx));
    expect(await db('orders').where({ id: seeded!.id }).first('department_id')).toEqual({ department_id: null });

    await db('app_kv').insert({ key: 'demo_data_seeded_at', value: JSON.stringify(seededAt.toISOString()) });
    await db.transaction((trx) => chargeDemoOrders.up(trx));
    const departmentOf = async (id: string) =>
      ((await db('orders').where({ id }).first('department_id')) as { department_id: string | null }).department_id;
    expect(await departmentOf(seeded!.id)).toBe(department!.id);
    expect(await departmentOf(afterSeed!.id)).toBeNull();
    expect(await departmentOf(realOrder!.id)).toBeNull();
    expect(await departmentOf(charged!.id)).toBe(other[0]!.id);
    const { rows } = await db.raw<{ rows: { committed: string }[] }>(
      `SELECT department_committed_between(?, ?, ?)::text AS committed`,
      [department!.id, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'],
    );
    expect(rows[0]!.committed).toBe('25.00');
  });
});
