import { randomUUID } from 'node:crypto';

import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts, type ProductFixture } from '../test-support/catalog-fixtures.js';
import {
  closeTestApp,
  createTestApp,
  openSignUpLink,
  signedInAgent,
  signUpThroughMail,
  TEST_PASSWORD,
} from '../test-support/http-test-app.js';
import { createIsolatedDatabase, uniqueEmail } from '../test-support/test-context.js';
import { seedUserFootprint, snapshotUserRows, type UserFootprint } from '../test-support/user-footprint.js';

/**
 * Fields a client has no say over, added to every body a non-admin may send: they change nothing.
 * Bodies are raw JSON text so that "__proto__" arrives as a real key, as an attacker would send it.
 */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let app: ReturnType<typeof createTestApp>;
let product: ProductFixture & { id: string };
let cheap: ProductFixture & { id: string };
let victim: UserFootprint;
let adminId = '';

beforeAll(async () => {
  // A database of its own: no other test may turn auto-approval on under these orders.
  database = await createIsolatedDatabase();
  app = createTestApp(database.db);
  [product, cheap] = (await insertProducts(database.db, [
    { title: 'Smuggling gauze', price: '12.34' },
    { title: 'Smuggling swab', price: '0.50' },
  ])) as [ProductFixture & { id: string }, ProductFixture & { id: string }];
  victim = await seedUserFootprint(app, database.db, 'nurse', [product.asin, cheap.asin]);
  adminId = (await signedInAgent(app, database.db, ['admin'])).user.id;
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  await closeTestApp(app);
  await database.drop();
});
afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.prototype).not.toHaveProperty('isAdmin');
});

/** The fields a client may try to set, with a prototype-pollution attempt: as JSON text. */
function smuggled(fields: Record<string, unknown>): string {
  const extra = {
    status: 'approved',
    role: 'admin',
    roles: ['admin', 'super_admin'],
    user_id: victim.user.id,
    userId: victim.user.id,
    id: randomUUID(),
    total_amount: '0.01',
    approved_by: adminId,
    approval_source: 'admin',
    unit_price: '0.01',
    price: '0.01',
    onboarding_approved: true,
    is_admin: true,
    ...fields,
  };
  const json = JSON.stringify(extra);
  return `{"__proto__":{"polluted":"yes","isAdmin":true,"roles":["admin"]},"constructor":{"prototype":{"polluted":"yes"}},${json.slice(1)}`;
}

function sendJson(pending: request.Test, json: string): request.Test {
  return pending.set('Content-Type', 'application/json').send(json);
}

describe('smuggled fields change nothing', () => {
  it('an order submission stays pending, priced by the server and owned by the caller', async () => {
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const victimBefore = await snapshotUserRows(database.db, victim.user.id);
    const body = smuggled({
      order_number: 'SO-999999',
      user_email: victim.user.email,
      rejection_reason: null,
      lines: [
        {
          asin: product.asin,
          quantity: 2,
          unit_price: '0.01',
          price: '0.01',
          total_price: '0.02',
          product_id: cheap.id,
          title: 'Free gauze',
          sku: 'FREE',
        },
      ],
    });
    const created = await sendJson(agent.post('/api/orders').set('Idempotency-Key', `smuggle-${randomUUID()}`), body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      user_id: user.id,
      user_email: user.email,
      total_amount: '24.68',
      lines: [{ asin: product.asin, title: 'Smuggling gauze', unit_price: '12.34', total_price: '24.68' }],
    });
    expect(created.body.order_number).not.toBe('SO-999999');
    // After-submission work (auto-approval) must not have moved it either.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stored = await database
      .db('orders')
      .where({ id: created.body.id })
      .first('user_id', 'status', 'total_amount', 'approved_by', 'approval_source', 'approved_at');
    expect(stored).toEqual({
      user_id: user.id,
      status: 'pending',
      total_amount: '24.68',
      approved_by: null,
      approval_source: null,
      approved_at: null,
    });
    const lines = await database
      .db('order_items')
      .where({ order_id: created.body.id })
      .select('product_id', 'unit_price', 'sku');
    expect(lines).toEqual([{ product_id: product.id, unit_price: '12.34', sku: expect.stringMatching(/^SKU-/) }]);
    expect(await database.db('products').where({ id: product.id }).first('price')).toEqual({ price: '12.34' });
    expect(await snapshotUserRows(database.db, victim.user.id)).toEqual(victimBefore);
  });

  it('an order whose lines exist only on the prototype is refused', async () => {
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const response = await sendJson(
      agent.post('/api/orders').set('Idempotency-Key', `smuggle-${randomUUID()}`),
      `{"__proto__":{"lines":[{"asin":"${product.asin}","quantity":1}]}}`,
    );
    expect(response.status).toBe(400);
    expect(await database.db('orders').where({ user_id: user.id })).toEqual([]);
  });

  it('the cart keeps the caller’s lines at catalogue prices and never touches another cart', async () => {
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const victimBefore = await snapshotUserRows(database.db, victim.user.id);
    const line = { asin: product.asin, quantity: 1, price: '0.01', unit_price: '0.01', user_id: victim.user.id };
    const replaced = await sendJson(agent.put('/api/cart'), smuggled({ items: [line] }));
    expect(replaced.status).toBe(200);
    const added = await sendJson(agent.post('/api/cart/items'), smuggled({ asin: cheap.asin, quantity: 4 }));
    expect(added.status).toBe(200);
    const cart = await agent.get('/api/cart').expect(200);
    expect(
      (cart.body.items as { product: { asin: string; price: string }; quantity: number }[]).map((item) => [
        item.product.asin,
        item.product.price,
        item.quantity,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [product.asin, '12.34', 1],
        [cheap.asin, '0.50', 4],
      ]),
    );
    expect(await database.db('cart_items').where({ user_id: user.id })).toHaveLength(2);
    expect(await snapshotUserRows(database.db, victim.user.id)).toEqual(victimBefore);
    expect(await database.db('products').whereIn('id', [product.id, cheap.id]).orderBy('price').pluck('price')).toEqual(
      ['0.50', '12.34'],
    );
  });

  it('the profile, shipping address and default ship-to save the caller’s own, with roles and approval untouched', async () => {
    // A fresh sign-up: not yet approved, so an "onboarding_approved: true" would show.
    const email = uniqueEmail('smuggle-signup');
    const agent = request.agent(app);
    const signedUp = await signUpThroughMail(agent, database.db, {
      first_name: 'Sam',
      last_name: 'Uggler',
      email,
      password: TEST_PASSWORD,
    });
    expect(signedUp.status).toBe(201);
    const { id: userId } = await database.db('users').where({ email }).first('id');
    const victimBefore = await snapshotUserRows(database.db, victim.user.id);

    const onboarding = await sendJson(
      agent.put('/api/profile/onboarding'),
      smuggled({ first_name: 'Own', last_name: 'Name', department: 'Executive', approved_at: new Date() }),
    );
    expect(onboarding.status).toBe(200);
    const address = await sendJson(
      agent.put('/api/me/shipping-address'),
      smuggled({
        full_name: 'Own Address',
        street_line1: '1 Own St',
        city: 'Boston',
        state: 'MA',
        postal_code: '02118',
      }),
    );
    expect(address.status).toBe(200);
    const shipTo = await sendJson(agent.put('/api/me/default-ship-to'), smuggled({ default_ship_to: 'Own dock' }));
    expect(shipTo.status).toBe(200);

    expect(await database.db('user_roles').where({ user_id: userId }).pluck('role')).toEqual(['user']);
    expect(
      await database
        .db('profiles')
        .where({ user_id: userId })
        .first('first_name', 'department', 'default_ship_to', 'onboarding_approved', 'approved_by', 'approved_at'),
    ).toEqual({
      first_name: 'Own',
      department: null,
      default_ship_to: 'Own dock',
      onboarding_approved: false,
      approved_by: null,
      approved_at: null,
    });
    expect(await database.db('shipping_addresses').where({ user_id: userId }).first('full_name')).toEqual({
      full_name: 'Own Address',
    });
    expect(await snapshotUserRows(database.db, victim.user.id)).toEqual(victimBefore);
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ roles: ['user'], is_admin: false, effective_role: 'user' });
  });

  it('a sign-up and a sign-in with roles, status or approval attached give a plain, unapproved user', async () => {
    const email = uniqueEmail('smuggle-admin');
    const agent = request.agent(app);
    const signup = await sendJson(
      agent.post('/api/auth/signup'),
      smuggled({ first_name: 'Eve', last_name: 'Admin', email, password: TEST_PASSWORD, status: 'active' }),
    );
    expect(signup.status).toBe(202);
    const confirmed = await openSignUpLink(agent, database.db, email);
    expect(confirmed.status).toBe(201);
    const stored = await database.db('users').where({ email }).first('id', 'status');
    expect(confirmed.body.user.id).toBe(stored.id);
    expect(await database.db('user_roles').where({ user_id: stored.id }).pluck('role')).toEqual(['user']);
    expect(await database.db('profiles').where({ user_id: stored.id }).first('onboarding_approved')).toEqual({
      onboarding_approved: false,
    });

    const signIn = request.agent(app);
    const login = await sendJson(signIn.post('/api/auth/login'), smuggled({ email, password: TEST_PASSWORD }));
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(stored.id);
    const session = await signIn.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ user: { id: stored.id }, roles: ['user'], is_admin: false });
    await signIn.get('/api/admin/orders').expect(403);
    const order = await signIn
      .post('/api/orders')
      .set('Idempotency-Key', `smuggle-${randomUUID()}`)
      .send({ lines: [{ asin: product.asin, quantity: 1 }] });
    expect(order.body.code).toBe('ACCOUNT_NOT_APPROVED');
  });

  it('settings, roles and approvals stay out of a non-admin’s reach whatever the body says', async () => {
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const settingsBefore = await readSettings();
    const rolesBefore = await database.db('user_roles').where({ user_id: user.id }).pluck('role');
    const attempts: [string, string, string][] = [
      ['put', '/api/admin/settings/company', smuggled({ name: 'Evil Corp', timezone: 'UTC' })],
      [
        'put',
        '/api/admin/settings/automation',
        smuggled({
          auto_sync_daily: false,
          email_notifications_new_orders: false,
          auto_approve_enabled: true,
          auto_approve_under_amount: 1_000_000,
        }),
      ],
      [
        'put',
        '/api/admin/settings/punchout',
        smuggled({ punchout_url: 'https://evil.example/cxml', identity: 'EVIL', shared_secret: 'stolen' }),
      ],
      ['post', `/api/admin/users/${user.id}/roles`, smuggled({ role: 'admin' })],
      ['post', `/api/admin/users/${user.id}/approve`, smuggled({ approved: true })],
      ['post', '/api/admin/users/approve', smuggled({ approved: true, ids: [user.id] })],
      ['post', `/api/admin/users/${victim.user.id}/disable`, smuggled({})],
      ['post', `/api/admin/orders/${victim.orderIds[0] ?? randomUUID()}/approve`, smuggled({})],
    ];
    for (const [method, path, body] of attempts) {
      const response = await sendJson(agent[method as 'put' | 'post'](path), body);
      expect({ path, status: response.status, code: response.body.code }).toEqual({
        path,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(await readSettings()).toEqual(settingsBefore);
    expect(await database.db('user_roles').where({ user_id: user.id }).pluck('role')).toEqual(rolesBefore);
    await agent.get('/api/admin/settings/company').expect(403);
  });

  it('an admin’s settings body cannot fill required fields through "__proto__"', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const before = await readSettings();
    const response = await sendJson(
      agent.put('/api/admin/settings/automation'),
      '{"__proto__":{"auto_approve_enabled":true,"auto_approve_under_amount":999999},' +
        '"auto_sync_daily":false,"email_notifications_new_orders":false}',
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(await readSettings()).toEqual(before);
  });

  it('query strings cannot pollute prototypes either', async () => {
    const { agent } = await signedInAgent(app, database.db, ['doctor']);
    const response = await agent.get(
      '/api/orders?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes',
    );
    expect(response.status).toBeLessThan(500);
  });
});

async function readSettings() {
  const [company, automation, punchout] = await Promise.all([
    database.db('company_settings').select(),
    database.db('automation_settings').select(),
    database.db('punchout_settings').select(),
  ]);
  return { company, automation, punchout };
}
