import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { listLocationExpiringStock } from '../expiring-stock/expiring-stock.service.js';
import { ensureDemoLocations } from './demo-locations.service.js';
import { ensureDemoExpiringLots } from './demo-lots.service.js';
import { seedDemoData } from './demo.service.js';

describe('demo expiring lots', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  afterAll(() => database.drop());

  it("receives a few lots at each demo location, one expired, so the nurse's cart lists them; once", async () => {
    const ctx = testContext(database.db);
    await seedDemoData(ctx);
    await ensureDemoLocations(ctx);
    const { lots } = await ensureDemoExpiringLots(ctx);
    expect(lots).toBe(10);

    const nurse = await database
      .db('users as u')
      .join('user_roles as r', 'r.user_id', 'u.id')
      .where('u.email', 'nurse@demo.supplyhub.test')
      .first('u.id', 'r.role');
    const cart = await database.db('locations').where({ name: 'Pediatrics par cart' }).first('id');
    const list = await listLocationExpiringStock(ctx, { userId: nurse.id, roles: [nurse.role] }, cart.id, {});
    expect(list.data).toHaveLength(5);
    expect(list.data.map((lot) => lot.days_left)).toEqual([-4, 9, 26, 48, 75]);
    expect(list.data[0]).toMatchObject({ is_expired: true, location: 'Pediatrics par cart' });

    // Consistent with the rest of the demo: never more received than ordered, and each order
    // delivered to a location of its own department.
    const overReceived = await database.db.raw(
      `SELECT i.order_id FROM order_items i
         JOIN order_receipts r ON r.order_id = i.order_id
         JOIN order_receipt_lines l ON l.receipt_id = r.id AND l.line_number = i.line_number
        GROUP BY i.order_id, i.line_number, i.quantity HAVING sum(l.quantity) > i.quantity`,
    );
    expect(overReceived.rows).toEqual([]);
    const misplaced = await database.db.raw(
      `SELECT o.id FROM orders o JOIN order_receipts r ON r.order_id = o.id
         JOIN order_receipt_lines l ON l.receipt_id = r.id AND l.expiry_date IS NOT NULL
         LEFT JOIN locations loc ON loc.id = o.location_id
        WHERE loc.department_id IS DISTINCT FROM o.department_id OR o.status <> 'submitted'`,
    );
    expect(misplaced.rows).toEqual([]);

    expect(await ensureDemoExpiringLots(ctx)).toEqual({ lots: 0 });
    expect(await database.db('order_receipt_lines').whereNotNull('expiry_date').count('* as n').first()).toEqual({
      n: 10,
    });
  });
});
