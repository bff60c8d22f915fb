import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';

import { productListSchema } from '../../contracts/products.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('GET /api/products', () => {
  it('searches title, ASIN, SKU and category case-insensitively, lists only active products, and sorts', async () => {
    const marker = `zq${randomBytes(3).toString('hex')}`;
    const [cheap, dear, , retired] = await insertProducts(db, [
      { title: `Alpha ${marker} gauze`, price: '2.00', category: 'Wound Care' },
      { title: `Beta ${marker} scalpel`, price: null, amazon_price: '40.00', category: 'Surgical Supplies' },
      { title: `Gamma ${marker} mask`, price: '9.00', category: 'Personal Protection' },
      { title: `Delta ${marker} retired`, price: '1.00', active: false },
    ]);
    const { agent } = await signedInAgent(app, db, ['doctor']);
    const byTitle = (await agent.get('/api/products').query({ q: marker.toUpperCase() }).expect(200)).body;
    expect(byTitle.total).toBe(3);
    expect(byTitle.data.map((p: { title: string }) => p.title.split(' ')[0])).toEqual(['Alpha', 'Beta', 'Gamma']);
    // The list and the product page show the same product, field for field.
    await db('products')
      .where({ id: dear!.id })
      .update({ specs: { Size: 'Large', 'Ply "count"': '12' }, updated_at: '2026-03-04 05:06:07.891999+00' });
    const listed = (await agent.get('/api/products').query({ q: marker, sort: 'price-high' }).expect(200)).body;
    const page = (await agent.get(`/api/products/${dear!.asin}`).expect(200)).body;
    expect(listed.data[0]).toEqual(page);
    expect(page).toMatchObject({ amazon_price: '40.00', price: null, updated_at: '2026-03-04T05:06:07.891Z' });
    expect(Object.keys(listed.data[0])).toEqual(Object.keys(page));
    expect(productListSchema.strict().parse(listed)).toEqual(listed);
    const priceHigh = (await agent.get('/api/products').query({ q: marker, sort: 'price-high' }).expect(200)).body;
    expect(priceHigh.data[0].asin).toBe(dear!.asin);
    const priceLow = (await agent.get('/api/products').query({ q: marker, sort: 'price-low' }).expect(200)).body;
    expect(priceLow.data[0].asin).toBe(cheap!.asin);
    expect(
      (await agent.get('/api/products').query({ q: cheap!.asin.toLowerCase() }).expect(200)).body.data,
    ).toHaveLength(1);
    const paged = (await agent.get('/api/products').query({ q: marker, per_page: 2, page: 2 }).expect(200)).body;
    expect(paged).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(paged.data).toHaveLength(1);
    await agent.get(`/api/products/${retired!.asin}`).expect(404);
    expect((await agent.get(`/api/products/${cheap!.asin}`).expect(200)).body).toMatchObject({
      asin: cheap!.asin,
      price: '2.00',
    });
    await agent.get('/api/products').query({ sort: 'random' }).expect(400);
    await agent.get('/api/products').query({ q: '%' }).expect(200);
  });

  it('needs a session', async () => {
    const { agent } = await signedInAgent(app, db, ['doctor']);
    await agent.post('/api/auth/logout').expect(204);
    await agent.get('/api/products').expect(401);
  });
});
