import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-storage-'));
const app = createTestApp(db, { env: { STORAGE_DIR: storageDir } });
afterAll(() => db.destroy());

const validProduct = { title: 'Hand-added gauze', category: 'Wound Care', manufacturer: 'Medline', price: 12.5 };

describe('/api/admin/products', () => {
  it('lists in ra-data-simple-rest shape and refuses unknown sort or filter fields', async () => {
    await insertProducts(db, [{ title: 'Admin list item' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const page = await agent
      .get('/api/admin/products')
      .query({ sort: '["title","ASC"]', range: '[0,4]', filter: '{"q":"Admin list"}' })
      .expect(200);
    expect(page.headers['content-range']).toMatch(/^products 0-\d+\/\d+$/);
    expect(page.body[0]).toMatchObject({ title: 'Admin list item' });
    expect((await agent.get('/api/admin/products').query({ sort: '["password","ASC"]' }).expect(400)).body.code).toBe(
      'UNKNOWN_SORT_FIELD',
    );
    expect((await agent.get('/api/admin/products').query({ filter: '{"sku_like":"x"}' }).expect(400)).body.code).toBe(
      'UNKNOWN_FILTER_FIELD',
    );
    const { agent: doctor } = await signedInAgent(app, db, ['doctor']);
    await doctor.get('/api/admin/products').expect(403);
  });

  it('adds a product with the spec’s validations, a manual ASIN, and refuses a duplicate SKU', async () => {
    const { agent } = await signedInAgent(app, db, ['super_admin']);
    const missing = await agent.post('/api/admin/products').send({}).expect(400);
    expect(missing.body.errors).toMatchObject({
      title: 'Title is required',
      category: 'Category is required',
      manufacturer: 'Manufacturer is required',
      price: 'Price is required',
    });
    // One link rule for create and edit: only web addresses, never a script or inline data.
    // The add-product form keeps the spec's 'Invalid URL' for text that is no address at all.
    for (const [product_url, message] of [
      ['not a url', 'Invalid URL'],
      ['javascript:alert(document.cookie)', 'Product link must start with http:// or https://'],
      ['data:text/html,<script>1</script>', 'Product link must start with http:// or https://'],
    ]) {
      const badLink = await agent
        .post('/api/admin/products')
        .send({ ...validProduct, product_url })
        .expect(400);
      expect(badLink.body.errors).toEqual({ product_url: message });
    }
    expect(
      await db('products').where({ title: validProduct.title, manufacturer: 'Medline' }).whereNotNull('product_url'),
    ).toEqual([]);
    const sku = `MAN-${Date.now()}`;
    const created = await agent
      .post('/api/admin/products')
      .send({ ...validProduct, sku, description: '  ' })
      .expect(201);
    expect(created.body).toMatchObject({
      asin: expect.stringMatching(/^manual-\d+$/),
      vendor: 'manual',
      price: '12.50',
      description: null,
      active: true,
    });
    const duplicate = await agent
      .post('/api/admin/products')
      .send({ ...validProduct, sku })
      .expect(409);
    expect(duplicate.body.message).toBe('A product with this SKU already exists');
  });

  it('edits with trimming, empty fields as null, and the link and price rules', async () => {
    const [product] = await insertProducts(db, [{ title: 'Editable' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const negative = await agent.put(`/api/admin/products/${product!.id}`).send({ title: 'X', price: -1 }).expect(400);
    expect(negative.body.errors).toEqual({ price: 'Price must be ≥ 0' });
    for (const product_url of ['ftp://x', 'javascript:alert(1)', 'data:text/html,x']) {
      const link = await agent.put(`/api/admin/products/${product!.id}`).send({ title: 'X', product_url }).expect(400);
      expect(link.body.errors).toEqual({ product_url: 'Product link must start with http:// or https://' });
    }
    const noTitle = await agent.put(`/api/admin/products/${product!.id}`).send({ title: '  ' }).expect(400);
    expect(noTitle.body.errors).toEqual({ title: 'Title is required' });
    const saved = await agent
      .put(`/api/admin/products/${product!.id}`)
      .send({
        title: '  Edited title  ',
        description: '',
        sku: '',
        vendor: '',
        category: '',
        product_url: '',
        price: 3.1,
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      title: 'Edited title',
      description: null,
      sku: null,
      vendor: null,
      category: null,
      product_url: null,
      price: '3.10',
    });
    await agent.put('/api/admin/products/00000000-0000-4000-8000-000000000000').send({ title: 'X' }).expect(404);
  });
});

describe('PUT /api/admin/products/:id takes back what GET answers (one money representation: decimal strings)', () => {
  it('answers 200 to the record GET answered, price "24.95" included, and changes nothing, audits nothing', async () => {
    const [product] = await insertProducts(db, [{ title: 'Round trip gauze', price: '24.95' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const record = (await agent.get(`/api/admin/products/${product!.id}`).expect(200)).body;
    expect(record.price).toBe('24.95');
    const before = await db('products').where({ id: product!.id }).first();
    expect((await agent.put(`/api/admin/products/${product!.id}`).send(record).expect(200)).body).toEqual(record);
    expect(await db('products').where({ id: product!.id }).first()).toEqual(before);
    expect(await db('audit_events').where({ action: 'product.update', target_id: product!.id })).toEqual([]);
  });

  it('takes money as a decimal string or a number, answers it as a string, and keeps the price rules', async () => {
    const [product] = await insertProducts(db, [{ title: 'Money forms gauze', price: '1.00' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const url = `/api/admin/products/${product!.id}`;
    const edit = (price: unknown) => agent.put(url).send({ title: 'Money forms gauze', price });
    expect((await edit('19.90').expect(200)).body.price).toBe('19.90');
    expect((await edit(7).expect(200)).body.price).toBe('7.00');
    expect((await edit(' 12.5 ').expect(200)).body.price).toBe('12.50');
    expect((await edit('24.999').expect(400)).body.errors).toEqual({ price: 'Price can have at most two decimals' });
    expect((await edit('-1').expect(400)).body.errors).toEqual({ price: 'Price must be ≥ 0' });
    expect((await edit('twelve').expect(400)).body.errors).toEqual({ price: 'Price is required' });
    expect((await edit('1e3').expect(400)).body.errors).toEqual({ price: 'Price is required' });
    expect(await db('products').where({ id: product!.id }).first('price')).toEqual({ price: '12.50' });
  });

  it('reads and edits the minimum remaining shelf life (90 days unless set), audits it, and refuses -1, 3651, 2.5 and "abc"', async () => {
    const [product] = await insertProducts(db, [{ title: 'Shelf life gauze' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const url = `/api/admin/products/${product!.id}`;
    const record = (await agent.get(url).expect(200)).body;
    expect(record.min_shelf_life_days).toBe(90);
    const listed = await agent.get('/api/admin/products').query({ filter: JSON.stringify({ id: product!.id }) });
    expect(listed.body[0].min_shelf_life_days).toBe(90);
    const saved = await agent
      .put(url)
      .send({ ...record, min_shelf_life_days: 180 })
      .expect(200);
    expect(saved.body).toEqual({ ...record, min_shelf_life_days: 180, updated_at: expect.any(String) });
    const audit = await db('audit_events').where({ action: 'product.update', target_id: product!.id }).first('details');
    // Only what changed, old → new (the rest of the record went back as it was).
    expect(audit.details).toEqual({
      fields: ['min_shelf_life_days'],
      changes: { min_shelf_life_days: { from: 90, to: 180 } },
    });
    // Sent without the field (an older client), the setting stays as it is.
    expect((await agent.put(url).send({ title: 'Shelf life gauze' }).expect(200)).body.min_shelf_life_days).toBe(180);
    expect(
      (
        await agent
          .put(url)
          .send({ ...record, min_shelf_life_days: 0 })
          .expect(200)
      ).body.min_shelf_life_days,
    ).toBe(0);
    const refusals: [unknown, string][] = [
      [-1, 'Minimum remaining shelf life must be at least 0 days'],
      [3651, 'Minimum remaining shelf life must be at most 3650 days'],
      [2.5, 'Minimum remaining shelf life must be a whole number of days'],
      ['abc', 'Minimum remaining shelf life must be a whole number of days'],
      [null, 'Minimum remaining shelf life must be a whole number of days'],
    ];
    for (const [value, message] of refusals) {
      const refused = await agent
        .put(url)
        .send({ ...record, min_shelf_life_days: value })
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { min_shelf_life_days: message } });
    }
    expect(await db('products').where({ id: product!.id }).first('min_shelf_life_days')).toEqual({
      min_shelf_life_days: 0,
    });
    const added = await agent
      .post('/api/admin/products')
      .send({ ...validProduct, title: 'Hand-added short-life swab', min_shelf_life_days: 30 })
      .expect(201);
    expect(added.body.min_shelf_life_days).toBe(30);
    const addedDefault = await agent.post('/api/admin/products').send({ ...validProduct, title: 'Default life' });
    expect(addedDefault.body.min_shelf_life_days).toBe(90);
    await agent
      .post('/api/admin/products')
      .send({ ...validProduct, min_shelf_life_days: 3651 })
      .expect(400);
  });

  it('ignores read-only fields sent back changed: they are never written', async () => {
    const [product] = await insertProducts(db, [{ title: 'Read-only gauze', price: '3.00', amazon_price: '2.00' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const record = (await agent.get(`/api/admin/products/${product!.id}`).expect(200)).body;
    const smuggled = { ...record, asin: 'B0SMUGGLED', amazon_price: '0.01', active: !record.active, in_stock: true };
    expect((await agent.put(`/api/admin/products/${product!.id}`).send(smuggled).expect(200)).body).toEqual(record);
  });
});

describe('product images', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

  it('accepts a real image, re-encodes it, serves it from the portal with nosniff, and removes it', async () => {
    const [product] = await insertProducts(db, [{ title: 'Image product' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const uploaded = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', await png(), 'photo.png')
      .expect(200);
    expect(uploaded.body.image_url).toMatch(/^\/media\/product-images\/[0-9a-f-]{36}\.webp$/);
    const served = await request(app).get(uploaded.body.image_url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const removed = await agent.delete(`/api/admin/products/${product!.id}/image`).expect(200);
    expect(removed.body.image_url).toBeNull();
    await request(app).get(uploaded.body.image_url).expect(404);
  });

  it('accepts an image one byte under 5 MiB and refuses one of exactly 5 MiB with 413 IMAGE_TOO_LARGE', async () => {
    const [product] = await insertProducts(db, [{ title: 'Edge-size product' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const padded = async (size: number) => {
      const image = await png();
      return Buffer.concat([image, Buffer.alloc(size - image.length)]);
    };
    const atLimit = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', await padded(5 * 1024 * 1024), 'limit.png')
      .expect(413);
    expect(atLimit.body).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'Image must be less than 5MB' });
    expect(await db('products').where({ id: product!.id }).first('image_url')).toEqual({ image_url: null });
    const underLimit = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', await padded(5 * 1024 * 1024 - 1), 'under.png')
      .expect(200);
    expect(underLimit.body.image_url).toMatch(/\.webp$/);
  });

  it('refuses SVG, disguised files and oversized files, changing nothing', async () => {
    const [product] = await insertProducts(db, [{ title: 'Guarded product' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusedSvg = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', svg, { filename: 'x.png', contentType: 'image/png' })
      .expect(400);
    expect(refusedSvg.body.message).toBe('Please select an image file');
    await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', Buffer.from('MZ not an image at all'), 'evil.jpg')
      .expect(400);
    const big = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'big.png')
      .expect(413);
    expect(big.body.message).toBe('Image must be less than 5MB');
    expect(await db('products').where({ id: product!.id }).first('image_url')).toEqual({ image_url: null });
  });

  it('POST /api/admin/products/:id/image gives a product without a SKU its image, and still refuses a fake one', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const created = await agent
      .post('/api/admin/products')
      .send({ ...validProduct, title: 'Skuless swabs' })
      .expect(201);
    expect(created.body.sku).toBeNull();
    const disguised = await agent
      .post(`/api/admin/products/${created.body.id}/image`)
      .attach('image', Buffer.from('GIF89a but not really an image'), 'fake.png')
      .expect(400);
    expect(disguised.body).toMatchObject({ code: 'NOT_AN_IMAGE', message: 'Please select an image file' });
    expect(await db('products').where({ id: created.body.id }).first('image_url')).toEqual({ image_url: null });

    const uploaded = await agent
      .post(`/api/admin/products/${created.body.id}/image`)
      .attach('image', await png(), 'swabs.png')
      .expect(200);
    expect(uploaded.body).toMatchObject({ id: created.body.id, sku: null });
    expect(uploaded.body.image_url).toMatch(/^\/media\/product-images\/[0-9a-f-]{36}\.webp$/);
    const served = await request(app).get(uploaded.body.image_url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await db('audit_events').where({ action: 'product.image.upload', target_id: created.body.id })).toHaveLength(
      1,
    );
  });
});
