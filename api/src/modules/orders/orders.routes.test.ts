import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

const submit = (agent: ReturnType<typeof request.agent>, body: unknown, key = `test-${randomUUID()}`) =>
  agent
    .post('/api/orders')
    .set('Idempotency-Key', key)
    .send(body as object);

describe('POST /api/orders', () => {
  it('prices every line on the server, ignores smuggled fields, and empties the cart', async () => {
    const [gauze, tape, gloves] = await insertProducts(db, [
      { title: 'Gauze', price: '12.50' },
      { title: 'Tape', price: null, amazon_price: '3.25' },
      { title: 'Gloves', price: null, amazon_price: null },
    ]);
    const { agent, user } = await signedInAgent(app, db, ['doctor']);
    await agent
      .put('/api/cart')
      .send({ items: [{ asin: gauze!.asin, quantity: 2 }] })
      .expect(200);
    const response = await submit(agent, {
      lines: [
        { asin: gauze!.asin, quantity: 2, unit_price: '0.01', price: '0.01' },
        { asin: tape!.asin, quantity: 3 },
        { asin: gloves!.asin, quantity: 1 },
      ],
      status: 'approved',
      total_amount: '0.01',
      user_id: randomUUID(),
    }).expect(201);
    expect(response.body).toMatchObject({
      status: 'pending',
      total_amount: '34.75',
      user_id: user.id,
      notes: 'Order submitted',
      order_number: expect.stringMatching(/^SO-\d{6}$/),
    });
    expect(
      response.body.lines.map((line: { asin: string; unit_price: string; total_price: string }) => [
        line.asin,
        line.unit_price,
        line.total_price,
      ]),
    ).toEqual([
      [gauze!.asin, '12.50', '25.00'],
      [tape!.asin, '3.25', '9.75'],
      [gloves!.asin, '0.00', '0.00'],
    ]);
    expect((await agent.get('/api/cart').expect(200)).body.items).toEqual([]);
    // The answer to the submission is the order as stored, line for line.
    const { fulfilment, ...readBack } = (await agent.get(`/api/orders/${response.body.id}`).expect(200)).body;
    expect(readBack).toEqual(response.body);
    // Not sent to the supplier yet: no fulfilment status, the timeline starts with the submission.
    expect(fulfilment).toMatchObject({ fulfilment_status: null, events: [{ type: 'submitted' }] });
    expect(
      await db('audit_events')
        .where({ action: 'order.create', target_id: response.body.id })
        .first('actor_user_id', 'details'),
    ).toEqual({ actor_user_id: user.id, details: { order_number: response.body.order_number } });
  });

  it('answers a repeated Idempotency-Key with the same order, even ten at once', async () => {
    const [product] = await insertProducts(db, [{ title: 'Syringes', price: '8.00' }]);
    const { agent, user } = await signedInAgent(app, db, ['provider']);
    const key = `double-click-${randomUUID()}`;
    const body = { lines: [{ asin: product!.asin, quantity: 4 }] };
    const responses = await Promise.all(Array.from({ length: 10 }, () => submit(agent, body, key)));
    const ids = new Set(responses.map((response) => response.body.id as string));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.every((response) => response.status === 201 || response.status === 200)).toBe(true);
    expect(await db('orders').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
    expect(responses[0]!.body.notes).toBe('Order submitted by Provider');
    const reused = await submit(agent, { lines: [{ asin: product!.asin, quantity: 5 }] }, key).expect(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses bad lines with the spec’s messages and writes nothing', async () => {
    const [active, inactive] = await insertProducts(db, [
      { title: 'Active item', price: '1.00' },
      { title: 'Retired Thermometer', price: '1.00', active: false },
    ]);
    const { agent, user } = await signedInAgent(app, db, ['user']);
    expect((await submit(agent, { lines: [] }).expect(400)).body).toMatchObject({
      code: 'CART_EMPTY',
      message: 'Cart is empty',
    });
    const retired = await submit(agent, {
      lines: [
        { asin: active!.asin, quantity: 1 },
        { asin: inactive!.asin, quantity: 1 },
      ],
    }).expect(400);
    expect(retired.body.message).toBe(
      `Product "Retired Thermometer" (ASIN: ${inactive!.asin}) is not in the catalog. Please remove it from your cart and try again.`,
    );
    for (const quantity of [0, -2, 1.5, 10_000, '3']) {
      await submit(agent, { lines: [{ asin: active!.asin, quantity }] }).expect(400);
    }
    await agent
      .post('/api/orders')
      .send({ lines: [{ asin: active!.asin, quantity: 1 }] })
      .expect(400);
    expect(await db('orders').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('lets only approved doctors, users and providers submit', async () => {
    const [product] = await insertProducts(db, [{ title: 'Masks', price: '5.00' }]);
    const body = { lines: [{ asin: product!.asin, quantity: 1 }] };
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    await submit(admin, body).expect(403);
    const { agent: nurse } = await signedInAgent(app, db, ['nurse']);
    await submit(nurse, body).expect(403);
    const adminDoctor = await signedInAgent(app, db, ['doctor', 'super_admin']);
    expect((await submit(adminDoctor.agent, body).expect(403)).body.message).toBe(
      'Admin users can view cart contents but cannot submit orders.',
    );
    const pending = await createTestUser(db, ['doctor'], { isApproved: false });
    const pendingAgent = request.agent(app);
    await pendingAgent.post('/api/auth/login').send({ email: pending.email, password: TEST_PASSWORD }).expect(200);
    expect((await submit(pendingAgent, body).expect(403)).body.code).toBe('ACCOUNT_NOT_APPROVED');
    await request(app).post('/api/orders').set('Idempotency-Key', 'anonymous-key').send(body).expect(401);
  });

  it('POST /api/orders for a requester without a shipping address answers 422 SHIPPING_ADDRESS_REQUIRED and changes nothing', async () => {
    const [product] = await insertProducts(db, [{ title: 'Gauze', price: '3.00' }]);
    const { agent, user } = await signedInAgent(app, db, ['doctor'], { hasShippingAddress: false });
    await agent.post('/api/cart/items').send({ asin: product!.asin, quantity: 2 }).expect(200);
    const refused = await submit(agent, { lines: [{ asin: product!.asin, quantity: 2 }] }).expect(422);
    expect(refused.body).toMatchObject({
      code: 'SHIPPING_ADDRESS_REQUIRED',
      message: 'Add your shipping address in Settings before you order.',
    });
    expect(await db('orders').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
    expect(await db('idempotency_keys').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
    const cart = await agent.get('/api/cart').expect(200);
    expect(cart.body.items).toHaveLength(1);

    // Once the address is saved, the same cart goes through.
    await agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'Ward 2', street_line1: '2 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
      .expect(200);
    await submit(agent, { lines: [{ asin: product!.asin, quantity: 2 }] }).expect(201);
  });
});

describe('GET /api/orders', () => {
  it('shows only the caller’s own orders; another user’s order id answers 404', async () => {
    const [product] = await insertProducts(db, [{ title: 'Bandages', price: '2.00' }]);
    const alice = await signedInAgent(app, db, ['doctor']);
    const bob = await signedInAgent(app, db, ['doctor']);
    const aliceOrder = (await submit(alice.agent, { lines: [{ asin: product!.asin, quantity: 1 }] }).expect(201)).body;
    await submit(bob.agent, { lines: [{ asin: product!.asin, quantity: 2 }] }).expect(201);
    const aliceList = (await alice.agent.get('/api/orders').expect(200)).body.data as {
      id: string;
      requester_name: string;
    }[];
    expect(aliceList.map((order) => order.id)).toEqual([aliceOrder.id]);
    expect(aliceList[0]!.requester_name).toBe('Test doctor');
    await alice.agent.get(`/api/orders/${aliceOrder.id}`).expect(200);
    await bob.agent.get(`/api/orders/${aliceOrder.id}`).expect(404);
    const malformed = await bob.agent.get('/api/orders/not-a-uuid').expect(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: expect.any(String) } });
    expect((await alice.agent.get('/api/orders?status=rejected').expect(200)).body.data).toEqual([]);
  });

  it('shows an admin (or super admin) everyone’s latest 50 orders, newest first; a doctor still sees only their own', async () => {
    const [product] = await insertProducts(db, [{ title: 'Swabs', price: '1.00' }]);
    const doctor = await signedInAgent(app, db, ['doctor']);
    const placed: string[] = [];
    for (let index = 0; index < 51; index += 1) {
      placed.push((await submit(doctor.agent, { lines: [{ asin: product!.asin, quantity: 1 }] }).expect(201)).body.id);
    }
    const newestFirst = [...placed].reverse();
    for (const roles of [['admin'], ['super_admin']] as const) {
      const admin = await signedInAgent(app, db, [...roles]);
      const list = (await admin.agent.get('/api/orders').expect(200)).body.data as { id: string; user_id: string }[];
      expect(list).toHaveLength(50);
      // Other tests' orders may be newer (shared database): the doctor's appear in order, the oldest cut.
      const doctorsOrders = list.filter((order) => order.user_id === doctor.user.id).map((order) => order.id);
      expect(doctorsOrders).toEqual(newestFirst.slice(0, doctorsOrders.length));
      expect(doctorsOrders.length).toBeGreaterThan(0);
    }
    const own = (await doctor.agent.get('/api/orders').expect(200)).body.data as { user_id: string }[];
    expect(new Set(own.map((order) => order.user_id))).toEqual(new Set([doctor.user.id]));
  });
});
