import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('the server-side cart', () => {
  it('adds to a present line, replaces, drops lines of 0 or less, and survives a new sign-in', async () => {
    const [a, b] = await insertProducts(db, [{ title: 'Cart A' }, { title: 'Cart B' }]);
    const { agent, user } = await signedInAgent(app, db, ['doctor']);
    await agent.post('/api/cart/items').send({ asin: a!.asin, quantity: 2 }).expect(200);
    const added = await agent.post('/api/cart/items').send({ asin: a!.asin, quantity: 3 }).expect(200);
    expect(added.body).toMatchObject({ item_count: 5, items: [{ quantity: 5, product: { asin: a!.asin } }] });
    const replaced = await agent
      .put('/api/cart')
      .send({
        items: [
          { asin: a!.asin, quantity: 0 },
          { asin: b!.asin, quantity: 4 },
        ],
      })
      .expect(200);
    expect(
      replaced.body.items.map((item: { product: { asin: string }; quantity: number }) => [
        item.product.asin,
        item.quantity,
      ]),
    ).toEqual([[b!.asin, 4]]);
    expect(replaced.body.version).not.toBe(added.body.version);

    const secondDevice = request.agent(app);
    await secondDevice.post('/api/auth/login').send({ email: user.email, password: 'Lantern-Orbit-42' }).expect(200);
    expect((await secondDevice.get('/api/cart').expect(200)).body.item_count).toBe(4);
  });

  it('refuses unknown or inactive products and bad quantities, and keeps each user’s cart apart', async () => {
    const [retired] = await insertProducts(db, [{ title: 'Retired gauze', active: false }]);
    const alice = await signedInAgent(app, db, ['doctor']);
    const bob = await signedInAgent(app, db, ['doctor']);
    const refused = await alice.agent.post('/api/cart/items').send({ asin: retired!.asin, quantity: 1 }).expect(400);
    expect(refused.body.message).toBe(
      `Product "Retired gauze" (ASIN: ${retired!.asin}) is not in the catalog. Please remove it from your cart and try again.`,
    );
    await alice.agent.post('/api/cart/items').send({ asin: 'B0NOSUCH01', quantity: 1 }).expect(400);
    await alice.agent.post('/api/cart/items').send({ asin: retired!.asin, quantity: 0.5 }).expect(400);
    const [item] = await insertProducts(db, [{ title: 'Private item' }]);
    await alice.agent.post('/api/cart/items').send({ asin: item!.asin, quantity: 1 }).expect(200);
    expect((await bob.agent.get('/api/cart').expect(200)).body.items).toEqual([]);
    await request(app).get('/api/cart').expect(401);
  });
});
