import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { resolveScan } from '../barcodes/barcodes.service.js';
import { ensureDemoLocations } from './demo-locations.service.js';
import { judgePassword } from '../auth/password-strength.rules.js';
import { verifyPassword } from '../users/password-hashing.js';
import { readDemoData, seedDemoData } from './demo.service.js';

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

    // Every order is charged to its requester's department, as a submission is.
    const uncharged = await database.db.raw(
      `SELECT o.id FROM orders o JOIN profiles p ON p.user_id = o.user_id
       WHERE o.department_id IS DISTINCT FROM p.department_id OR o.department_id IS NULL`,
    );
    expect(uncharged.rows).toEqual([]);

    expect(await seedDemoData(ctx)).toEqual({ seeded: false, users: 0, orders: 0 });
    expect(await database.db('orders').count('* as n').first()).toEqual({ n: first.orders });
  });

  it('gives every demo account the published password, strong for each of them, hashed once', async () => {
    const ctx = testContext(database.db);
    await seedDemoData(ctx);
    const data = await readDemoData(ctx);
    for (const user of data.users) {
      expect([user.email, judgePassword(data.password, user)]).toEqual([user.email, { isStrong: true }]);
    }
    const hashes = await database
      .db('password_credentials')
      .join('users', 'users.id', 'password_credentials.user_id')
      .whereIn(
        'users.email',
        data.users.map((user) => user.email),
      )
      .distinct('password_hash')
      .pluck('password_hash');
    expect(hashes).toHaveLength(1);
    expect(await verifyPassword(hashes[0] as string, data.password)).toBe(true);
  });

  it('gives the demo nurse and doctor ward locations, and the pediatrics cart scannable GTINs, once', async () => {
    const ctx = testContext(database.db);
    await seedDemoData(ctx);
    expect(await ensureDemoLocations(ctx)).toEqual({ locations: 2 });
    const locations = await database
      .db('locations as l')
      .join('departments as d', 'd.id', 'l.department_id')
      .orderBy('l.name')
      .select('l.id', 'l.name', 'd.name as department');
    expect(locations.map(({ name, department }) => [name, department])).toEqual([
      ['Emergency store room', 'Emergency'],
      ['Pediatrics par cart', 'Pediatrics'],
    ]);
    const nurse = await database
      .db('users as u')
      .join('profiles as p', 'p.user_id', 'u.id')
      .join('departments as d', 'd.id', 'p.department_id')
      .where('u.email', 'nurse@demo.supplyhub.test')
      .first('d.name');
    expect(nurse.name).toBe('Pediatrics');
    const cartLines = await database.db('location_stock_lines').where({ location_id: locations[1].id });
    expect(cartLines).toHaveLength(10);

    // The box of ten of the cart's first item, as a scanner reads its label.
    const [box] = await database.db('product_gtins').where({ units: 10 }).orderBy('gtin').select('gtin', 'product_id');
    const scanned = await resolveScan(ctx, `(01)${box.gtin}(17)291231(10)DEMO-1`);
    expect(scanned).toMatchObject({ units: 10, gtin: box.gtin, lot: 'DEMO-1', expiry: '2029-12-31' });
    expect(await database.db('product_gtins').count('* as n').first()).toEqual({ n: 20 });

    expect(await ensureDemoLocations(ctx)).toEqual({ locations: 0 });
    expect(await database.db('locations').count('* as n').first()).toEqual({ n: 2 });
  });
});
