import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

/** Its own database: one test changes the (singleton) order ceiling. */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let app: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await createIsolatedDatabase();
  app = createTestApp(database.db);
});
afterAll(() => database.drop());

type Agent = ReturnType<typeof request.agent>;
const submit = (agent: Agent, lines: { asin: string; quantity: number }[]) =>
  agent.post('/api/orders').set('Idempotency-Key', `limits-${randomUUID()}`).send({ lines });

async function ordersOf(userId: string) {
  return database.db('orders').where({ user_id: userId });
}

describe('order limits', () => {
  it('refuses 200 lines of one product at 9,999 each (1,999,800 units) with 400 QUANTITY_TOO_HIGH, writing nothing', async () => {
    const [product] = await insertProducts(database.db, [{ title: 'Bulk gauze', price: '24.95' }]);
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const response = await submit(
      agent,
      Array.from({ length: 200 }, () => ({ asin: product!.asin, quantity: 9999 })),
    ).expect(400);
    const message = `Quantity must be at most 9999 per product; ASIN ${product!.asin} adds up to 1999800`;
    expect(response.body).toMatchObject({ code: 'QUANTITY_TOO_HIGH', message, errors: { lines: message } });
    expect(await ordersOf(user.id)).toEqual([]);
    // Two lines that add up to the limit are one line of 9,999.
    const [cheap] = await insertProducts(database.db, [{ title: 'Swabs', price: '0.10' }]);
    const merged = await submit(agent, [
      { asin: cheap!.asin, quantity: 9000 },
      { asin: cheap!.asin, quantity: 999 },
    ]).expect(201);
    expect(merged.body.lines).toEqual([expect.objectContaining({ asin: cheap!.asin, quantity: 9999 })]);
  });

  it('refuses an order over the $250,000 default ceiling with 422 ORDER_TOTAL_TOO_HIGH, writing nothing', async () => {
    const [monitor, pump] = await insertProducts(database.db, [
      { title: 'Patient monitor', price: '25.00' },
      { title: 'Infusion pump', price: '25.00' },
    ]);
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const over = await submit(agent, [
      { asin: monitor!.asin, quantity: 9999 },
      { asin: pump!.asin, quantity: 9999 },
    ]).expect(422);
    expect(over.body).toMatchObject({
      code: 'ORDER_TOTAL_TOO_HIGH',
      message:
        'This order totals $499,950.00, over the limit of $250,000.00 per order. Split it into smaller orders or ask an administrator.',
      requestId: expect.any(String),
    });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await database.db('idempotency_keys').where({ user_id: user.id })).toEqual([]);
    const within = await submit(agent, [{ asin: monitor!.asin, quantity: 9999 }]).expect(201);
    expect(within.body.total_amount).toBe('249975.00');
  });

  it('takes its ceiling from the automation settings, which keep it when a save leaves it out', async () => {
    const [product] = await insertProducts(database.db, [{ title: 'Ceiling probe', price: '10.00' }]);
    const { agent: admin } = await signedInAgent(app, database.db, ['admin']);
    const settings = (await admin.get('/api/admin/settings/automation').expect(200)).body;
    expect(settings.max_order_total).toBe('250000.00');
    const invalid = await admin
      .put('/api/admin/settings/automation')
      .send({ ...settings, max_order_total: 0 })
      .expect(400);
    expect(invalid.body.errors).toEqual({ max_order_total: 'Enter a limit of at least $1' });
    await admin
      .put('/api/admin/settings/automation')
      .send({ ...settings, max_order_total: 1000 })
      .expect(200);
    const { max_order_total: _left, ...withoutCeiling } = settings;
    const saved = await admin.put('/api/admin/settings/automation').send(withoutCeiling).expect(200);
    expect(saved.body.max_order_total).toBe('1000.00');

    const { agent, user } = await signedInAgent(app, database.db, ['provider']);
    const over = await submit(agent, [{ asin: product!.asin, quantity: 101 }]).expect(422);
    expect(over.body.message).toBe(
      'This order totals $1,010.00, over the limit of $1,000.00 per order. Split it into smaller orders or ask an administrator.',
    );
    expect(await ordersOf(user.id)).toEqual([]);
    await submit(agent, [{ asin: product!.asin, quantity: 100 }]).expect(201);
    await admin
      .put('/api/admin/settings/automation')
      .send({ ...settings, max_order_total: 250000 })
      .expect(200);
  });
});

describe('cart limits', () => {
  it('PUT /api/cart refuses lines of one product adding up past 9,999 with 400, keeping the cart', async () => {
    const [product] = await insertProducts(database.db, [{ title: 'Cart gauze' }]);
    const { agent } = await signedInAgent(app, database.db, ['doctor']);
    await agent
      .put('/api/cart')
      .send({ items: [{ asin: product!.asin, quantity: 5 }] })
      .expect(200);
    const refused = await agent
      .put('/api/cart')
      .send({
        items: [
          { asin: product!.asin, quantity: 6000 },
          { asin: product!.asin, quantity: 6000 },
        ],
      })
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'QUANTITY_TOO_HIGH',
      message: `Quantity must be at most 9999 per product; ASIN ${product!.asin} adds up to 12000`,
    });
    expect((await agent.get('/api/cart').expect(200)).body.items).toEqual([expect.objectContaining({ quantity: 5 })]);
  });

  it('POST /api/cart/items refuses to take a line past 9,999 with 400, keeping what it holds', async () => {
    const [product] = await insertProducts(database.db, [{ title: 'Cart tape' }]);
    const { agent } = await signedInAgent(app, database.db, ['doctor']);
    await agent.post('/api/cart/items').send({ asin: product!.asin, quantity: 9000 }).expect(200);
    const refused = await agent.post('/api/cart/items').send({ asin: product!.asin, quantity: 1000 }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'QUANTITY_TOO_HIGH',
      message: `Quantity must be at most 9999 per product; ASIN ${product!.asin} adds up to 10000`,
    });
    const filled = await agent.post('/api/cart/items').send({ asin: product!.asin, quantity: 999 }).expect(200);
    expect(filled.body.items).toEqual([expect.objectContaining({ quantity: 9999 })]);
  });
});
