import { afterAll, describe, expect, it } from '@jest/globals';

import { insertProducts } from '../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

const REFUSAL = { code: 'CONTROL_CHARACTERS', message: 'Text may not contain control characters' };

describe('control characters in requests', () => {
  it('POST /api/cart/items with a NUL in the ASIN answers 400 CONTROL_CHARACTERS naming the field, cart untouched', async () => {
    const [product] = await insertProducts(db, [{ title: 'NUL probe gauze' }]);
    const { agent, user } = await signedInAgent(app, db, ['doctor']);
    const response = await agent
      .post('/api/cart/items')
      .send({ asin: `${product!.asin}\u0000`, quantity: 1 })
      .expect(400);
    expect(response.body).toMatchObject({ ...REFUSAL, errors: { asin: REFUSAL.message } });
    const nested = await agent
      .post('/api/orders')
      .set('Idempotency-Key', 'control-characters-0001')
      .send({ lines: [{ asin: `${product!.asin}\u001b`, quantity: 1 }] })
      .expect(400);
    expect(nested.body.errors).toEqual({ 'lines.0.asin': REFUSAL.message });
    expect(await db('cart_items').where({ user_id: user.id })).toEqual([]);
    expect(await db('orders').where({ user_id: user.id })).toEqual([]);
  });

  it("lets the group separator through only where an endpoint declares it (a scan's code), and nothing else there", async () => {
    const { agent } = await signedInAgent(app, db, ['doctor']);
    // GET /api/scan?code= allows U+001D (FNC1): the code is read, a GTIN no product carries is 404.
    const scanned = await agent.get('/api/scan').query({ code: '(01)09506000134352(10)LOT\u001d(17)281231' });
    expect(scanned.status).toBe(404);
    // Any other control character in the code, or the separator in another field or route, stays refused.
    expect((await agent.get('/api/scan').query({ code: '09506000134352\u0000' }).expect(400)).body).toMatchObject(
      REFUSAL,
    );
    expect(
      (await agent.get('/api/scan').query({ code: '09506000134352', other: '\u001d' }).expect(400)).body,
    ).toMatchObject(REFUSAL);
    expect((await agent.get('/api/products').query({ q: 'gauze\u001d' }).expect(400)).body).toMatchObject(REFUSAL);
  });

  it('refuses them in path parameters, query strings and the JSON of a list filter', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    expect((await agent.get('/api/admin/orders/%00').expect(400)).body).toMatchObject(REFUSAL);
    expect(
      (await agent.get('/api/admin/order-counts').query({ department: 'ICU\u0000' }).expect(400)).body,
    ).toMatchObject(REFUSAL);
    const filtered = await agent
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ q: 'gauze\u0000' }) })
      .expect(400);
    expect(filtered.body).toMatchObject({ ...REFUSAL, errors: { 'filter.q': REFUSAL.message } });
  });

  it('keeps tabs and line breaks in multi-line text such as a product description', async () => {
    const [product] = await insertProducts(db, [{ title: 'Multi-line probe' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const description = 'Sterile.\nLatex free.\r\nPack:\t10';
    const saved = await agent
      .put(`/api/admin/products/${product!.id}`)
      .send({ title: 'Multi-line probe', description })
      .expect(200);
    expect(saved.body.description).toBe(description);
  });
});
