import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { seedDemoData } from './demo.service.js';

describe('demo data', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  afterAll(() => database.drop());

  it('creates accounts of every role, addresses and orders in every status, once', async () => {
    const ctx = testContext(database.db);
    const first = await seedDemoData(ctx);
    expect(first).toMatchObject({ seeded: true, users: 9 });
    const roles = await database.db('user_roles').distinct('role').pluck('role');
    expect(new Set(roles)).toEqual(
      new Set(['admin', 'super_admin', 'finance', 'logistics_admin', 'doctor', 'nurse', 'provider', 'user']),
    );
    const statuses = await database.db('orders').distinct('status').pluck('status');
    // Approval submits at once: an approved order is always submitted or failed, none waits in 'approved'.
    expect(new Set(statuses)).toEqual(new Set(['pending', 'submitted', 'failed', 'rejected']));
    const approvedThenStopped = await database
      .db('orders')
      .whereNotNull('approved_at')
      .whereNotIn('status', ['submitted', 'failed']);
    expect(approvedThenStopped).toEqual([]);
    expect(await database.db('profiles').where({ onboarding_approved: false }).count('* as n').first()).toEqual({
      n: 1,
    });

    // Every order total is the sum of its line snapshots.
    const mismatched = await database.db.raw(
      `SELECT o.id FROM orders o JOIN order_items i ON i.order_id = o.id GROUP BY o.id HAVING o.total_amount <> sum(i.total_price)`,
    );
    expect(mismatched.rows).toEqual([]);

    expect(await seedDemoData(ctx)).toEqual({ seeded: false, users: 0, orders: 0 });
    expect(await database.db('orders').count('* as n').first()).toEqual({ n: first.orders });
  });
});
