import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase } from '../test-support/test-context.js';
import { MIGRATIONS } from '../../../migrations/index.js';
import { migrateToLatest, rollbackMigrations } from './migrations.js';

async function tableNames(db: Awaited<ReturnType<typeof createIsolatedDatabase>>['db']): Promise<string[]> {
  const rows: { tablename: string }[] = await db('pg_tables').where({ schemaname: 'public' }).select('tablename');
  return rows
    .map((row) => row.tablename)
    .filter((name) => !name.startsWith('knex_'))
    .sort();
}

describe('migrations', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  afterAll(() => database.drop());

  it('run up → down → up cleanly and leave the same schema', async () => {
    const before = await tableNames(database.db);
    expect(before).toEqual(
      expect.arrayContaining([
        'users',
        'products',
        'orders',
        'order_items',
        'ab_logs',
        'audit_events',
        'job_runs',
        'email_outbox',
        'sessions',
      ]),
    );
    const reverted = await rollbackMigrations(database.db, { all: true });
    expect(reverted).toHaveLength(MIGRATIONS.length);
    expect(await tableNames(database.db)).toEqual([]);
    const applied = await migrateToLatest(database.db);
    expect(applied).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await tableNames(database.db)).toEqual(before);
  });

  it('derive a never-repeating order number from the display sequence', async () => {
    const [user] = await database.db('users').insert({ email: 'seq@test.supplyhub.test' }).returning('id');
    const rows = await database
      .db('orders')
      .insert([1, 2].map(() => ({ user_id: user.id, user_email: 'seq@test.supplyhub.test' })))
      .returning(['display_seq', 'order_number']);
    const [first, second] = rows as { display_seq: number; order_number: string }[];
    expect(second!.display_seq).toBe(first!.display_seq + 1);
    expect(first!.order_number).toBe(`SO-${String(first!.display_seq).padStart(6, '0')}`);
  });

  it('refuse values the spec forbids', async () => {
    const db = database.db;
    const [user] = await db('users').insert({ email: 'rules@test.supplyhub.test' }).returning('id');
    const refusals: [string, Promise<unknown>][] = [
      ['unknown role', db('user_roles').insert({ user_id: user.id, role: 'wizard' })],
      ['unknown order status', db('orders').insert({ user_id: user.id, user_email: 'x@y.z', status: 'shipped' })],
      [
        '3-letter state',
        db('shipping_addresses').insert({
          user_id: user.id,
          full_name: 'A',
          street_line1: 'B',
          city: 'C',
          state: 'MAS',
          postal_code: '1',
        }),
      ],
      [
        'lower-case state',
        db('shipping_addresses').insert({
          user_id: user.id,
          full_name: 'A',
          street_line1: 'B',
          city: 'C',
          state: 'ma',
          postal_code: '1',
        }),
      ],
      ['negative price', db('products').insert({ asin: 'B0NEGATIVE', title: 'X', price: -1 })],
      ['unknown category', db('products').insert({ asin: 'B0CATEGORY', title: 'X', category: 'Toys' })],
      ['duplicate e-mail', db('users').insert({ email: 'rules@test.supplyhub.test' })],
      ['upper-case e-mail', db('users').insert({ email: 'Rules@Test.supplyhub.test' })],
    ];
    for (const [label, attempt] of refusals) {
      await expect(attempt.then(() => label)).rejects.toHaveProperty('code');
    }
    const [order] = await db('orders').insert({ user_id: user.id, user_email: 'x@y.z' }).returning('id');
    const badLines = [
      [{ quantity: 0, total_price: 0 }, 'order_items_quantity_check'],
      [{ quantity: 2, total_price: 5 }, 'order_items_total_price_check'],
    ] as const;
    for (const [values, constraint] of badLines) {
      await expect(
        db('order_items').insert({
          order_id: order.id,
          line_number: 1,
          asin: 'B0X',
          title: 'X',
          unit_price: 1,
          ...values,
        }),
      ).rejects.toHaveProperty('constraint', constraint);
    }
  });
});
