import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, createTestUser, signedInAgent, closeTestApp } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

const AUTOMATION = {
  auto_sync_daily: true,
  auto_approve_enabled: false,
  auto_approve_under_amount: 0,
};

describe('admins hear of new orders when the automation preference is on (admin-portal §2.6)', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let requester: Awaited<ReturnType<typeof signedInAgent>>;
  let superAdmin: { email: string };
  let disabledAdmin: { email: string };
  let asin = '';

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
    admin = await signedInAgent(app, database.db, ['admin']);
    superAdmin = await createTestUser(database.db, ['super_admin']);
    disabledAdmin = await createTestUser(database.db, ['admin']);
    await database.db('users').where({ email: disabledAdmin.email }).update({ status: 'disabled' });
    requester = await signedInAgent(app, database.db, ['doctor']);
    const [product] = await insertProducts(database.db, [{ title: 'Notified gauze', price: '4.50' }]);
    asin = product!.asin;
  });
  afterAll(async () => {
    await closeTestApp(app);
    await database.drop();
  });

  /** The automation preference 'e-mail admins about new orders', saved as an admin would. */
  async function setNewOrderMails(isOn: boolean): Promise<void> {
    await admin.agent
      .put('/api/admin/settings/automation')
      .send({ ...AUTOMATION, email_notifications_new_orders: isOn })
      .expect(200);
  }

  async function submitOrder(): Promise<{ id: string; order_number: string }> {
    const response = await requester.agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin, quantity: 3 }] })
      .expect(201);
    return response.body as { id: string; order_number: string };
  }

  /** The mails of one order: queued after the answer, so they are awaited (up to 5 s). */
  async function newOrderMailsOf(orderNumber: string, expected: number) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const rows = await database
        .db('email_outbox')
        .where({ template: 'order-new' })
        .whereLike('subject', `%${orderNumber}%`)
        .orderBy('to_address')
        .select('to_address', 'subject', 'text_body', 'status');
      if (rows.length >= expected || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('queues one mail per active admin and super admin, with the order number, requester and total', async () => {
    await setNewOrderMails(true);
    const order = await submitOrder();

    const mails = await newOrderMailsOf(order.order_number, 2);
    expect(mails.map((mail) => mail.to_address)).toEqual([admin.user.email, superAdmin.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`New order ${order.order_number} waits for approval`);
      expect(mail.text_body).toContain(`${requester.user.email} submitted order ${order.order_number} ($13.50)`);
      expect(mail.text_body).toContain('/admin/orders');
      expect(mail.status).toBe('logged');
    }
    const toOthers = await database
      .db('email_outbox')
      .where({ template: 'order-new' })
      .whereIn('to_address', [disabledAdmin.email, requester.user.email]);
    expect(toOthers).toEqual([]);
  });

  it('queues nothing when the preference is off', async () => {
    await setNewOrderMails(false);
    const order = await submitOrder();
    // A later order with the preference back on proves the after-order work has run by then.
    await setNewOrderMails(true);
    const later = await submitOrder();
    expect(await newOrderMailsOf(later.order_number, 2)).toHaveLength(2);

    expect(await newOrderMailsOf(order.order_number, 0)).toEqual([]);
  });
});
