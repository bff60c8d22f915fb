import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { insertDepartment } from '../../test-support/location-fixtures.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('/api/admin/locations', () => {
  it('creates, reads, lists, edits the stock list and deactivates a location, with an audit trail', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const ward = await insertDepartment(db, 'Ward 4B');
    const [gauze, gloves, saline] = await insertProducts(db, [
      { title: 'Gauze' },
      { title: 'Gloves' },
      { title: 'Saline' },
    ]);
    const created = await agent.post('/api/admin/locations').send({
      name: ' Ward 4B par cart ',
      department_id: ward.id,
      stock_list: [
        { asin: gauze!.asin, par: 20, reorder_point: 5, pack_size: 10 },
        { asin: gloves!.asin, par: 4 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Ward 4B par cart',
      department_id: ward.id,
      active: true,
      item_count: 2,
      stock_list: [
        { asin: gauze!.asin, par: 20, reorder_point: 5, pack_size: 10 },
        { asin: gloves!.asin, par: 4, reorder_point: null, pack_size: 1 },
      ],
    });
    const id = created.body.id as string;
    expect((await agent.get(`/api/admin/locations/${id}`).expect(200)).body).toEqual(created.body);

    const listed = await agent
      .get('/api/admin/locations')
      .query({ filter: JSON.stringify({ department_id: ward.id }), sort: '["name","ASC"]', range: '[0,9]' })
      .expect(200);
    expect(listed.headers['content-range']).toBe('locations 0-0/1');
    const { stock_list: _lines, ...summary } = created.body;
    expect(listed.body).toEqual([summary]);

    // A list row written back (no stock_list) leaves the stock list alone.
    await agent.put(`/api/admin/locations/${id}`).send(listed.body[0]).expect(200);
    expect(
      await db('location_stock_lines').where({ location_id: id }).count<{ count: number }[]>('* as count'),
    ).toEqual([{ count: 2 }]);

    const edited = await agent
      .put(`/api/admin/locations/${id}`)
      .send({
        ...created.body,
        stock_list: [
          { asin: saline!.asin, par: 12, reorder_point: 0, pack_size: 6 },
          { asin: gauze!.asin, par: 30, reorder_point: null, pack_size: 10 },
        ],
      })
      .expect(200);
    expect(edited.body.stock_list.map((line: { asin: string }) => line.asin)).toEqual([saline!.asin, gauze!.asin]);

    const deactivated = await agent
      .put(`/api/admin/locations/${id}`)
      .send({ ...edited.body, active: false })
      .expect(200);
    expect(deactivated.body).toMatchObject({ active: false, item_count: 2 });
    const audit = await db('audit_events')
      .where({ target_type: 'location', target_id: id })
      .orderBy('id')
      .pluck('action');
    expect(audit).toEqual(['location.create', 'location.update', 'location.deactivate']);
  });

  it('refuses bad stock lists, unknown departments and products, writing nothing', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const ward = await insertDepartment(db);
    const [gauze] = await insertProducts(db, [{ title: 'Gauze' }]);
    const created = () => db('locations').where({ name: 'Bad' }).where('department_id', ward.id).pluck('id');
    const invalid = await agent
      .post('/api/admin/locations')
      .send({
        name: 'Bad',
        department_id: ward.id,
        stock_list: [
          { asin: gauze!.asin, par: 0, reorder_point: -1, pack_size: 0 },
          { asin: gauze!.asin, par: 2.5 },
        ],
      })
      .expect(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(invalid.body.errors)).toEqual(
      expect.arrayContaining(['stock_list.0.par', 'stock_list.0.reorder_point', 'stock_list.0.pack_size']),
    );
    const unknownDepartment = await agent
      .post('/api/admin/locations')
      .send({ name: 'Bad', department_id: '00000000-0000-4000-8000-000000000000' })
      .expect(422);
    expect(unknownDepartment.body).toMatchObject({
      code: 'DEPARTMENT_NOT_FOUND',
      errors: { department_id: expect.any(String) },
    });
    const unknownProduct = await agent
      .post('/api/admin/locations')
      .send({ name: 'Bad', department_id: ward.id, stock_list: [{ asin: 'B0NOSUCH00', par: 3 }] })
      .expect(422);
    expect(unknownProduct.body).toMatchObject({
      code: 'STOCK_LIST_UNKNOWN_PRODUCT',
      errors: { 'stock_list.0.asin': 'ASIN B0NOSUCH00 is not in the catalogue' },
    });
    expect(await created()).toEqual([]);
    await agent.get('/api/admin/locations/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('is for admins only: 403 for a nurse or finance, 401 for nobody', async () => {
    const { agent: nurse } = await signedInAgent(app, db, ['nurse']);
    await nurse.get('/api/admin/locations').expect(403);
    const { agent: finance } = await signedInAgent(app, db, ['finance']);
    expect((await finance.post('/api/admin/locations').send({})).status).toBe(403);
    await request(app).get('/api/admin/locations').expect(401);
  });
});

describe('POST /api/admin/locations/:id/stock-list/import', () => {
  async function locationWithGauze() {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const ward = await insertDepartment(db);
    const [gauze, gloves] = await insertProducts(db, [{ title: 'Gauze' }, { title: 'Gloves' }]);
    const created = await agent
      .post('/api/admin/locations')
      .send({ name: 'Store room', department_id: ward.id, stock_list: [{ asin: gauze!.asin, par: 20, pack_size: 10 }] })
      .expect(201);
    return { agent, id: created.body.id as string, gauze: gauze!, gloves: gloves! };
  }
  const rows = async (id: string) =>
    db('location_stock_lines')
      .where({ location_id: id })
      .orderBy('position')
      .select('par', 'reorder_point', 'pack_size');

  it('answers what would change in a dry run and changes nothing; then applies the same file', async () => {
    const { agent, id, gauze, gloves } = await locationWithGauze();
    const csv = `asin,par,reorder_point,pack_size\n${gauze.asin},30,5,10\n${gloves.asin},8,,\n`;
    const before = await rows(id);
    const dry = await agent
      .post(`/api/admin/locations/${id}/stock-list/import?dry_run=true`)
      .set('Content-Type', 'text/csv')
      .send(csv)
      .expect(200);
    expect(dry.body).toEqual({
      dry_run: true,
      added: [{ asin: gloves.asin, par: 8, reorder_point: null, pack_size: 1 }],
      changed: [
        {
          asin: gauze.asin,
          before: { asin: gauze.asin, par: 20, reorder_point: null, pack_size: 10 },
          after: { asin: gauze.asin, par: 30, reorder_point: 5, pack_size: 10 },
        },
      ],
      unchanged: 0,
    });
    expect(await rows(id)).toEqual(before);

    const applied = await agent
      .post(`/api/admin/locations/${id}/stock-list/import`)
      .set('Content-Type', 'text/csv')
      .send(csv)
      .expect(200);
    expect(applied.body).toMatchObject({ dry_run: false, unchanged: 0 });
    expect(await rows(id)).toEqual([
      { par: 30, reorder_point: 5, pack_size: 10 },
      { par: 8, reorder_point: null, pack_size: 1 },
    ]);
    const again = await agent
      .post(`/api/admin/locations/${id}/stock-list/import?dry_run=true`)
      .set('Content-Type', 'text/csv')
      .send(csv)
      .expect(200);
    expect(again.body).toEqual({ dry_run: true, added: [], changed: [], unchanged: 2 });
  });

  it('refuses a malformed file with 400 naming each bad line, and changes nothing', async () => {
    const { agent, id, gauze } = await locationWithGauze();
    const before = await rows(id);
    const bad = await agent
      .post(`/api/admin/locations/${id}/stock-list/import`)
      .set('Content-Type', 'text/csv')
      .send(`asin,par,reorder_point,pack_size\n${gauze.asin},0,,\n${gauze.asin},5\nB0NOSUCH00,abc,1,1\n`)
      .expect(400);
    expect(bad.body).toMatchObject({
      code: 'CSV_INVALID',
      errors: {
        'line 2': expect.stringContaining('par'),
        'line 3': 'has 2 columns, the header has 4',
        'line 4': expect.stringContaining('par'),
      },
    });
    const header = await agent
      .post(`/api/admin/locations/${id}/stock-list/import`)
      .set('Content-Type', 'text/csv')
      .send('sku,qty\nA,1\n')
      .expect(400);
    expect(header.body.errors).toEqual({ 'line 1': 'the header must be exactly: asin,par,reorder_point,pack_size' });
    const quote = await agent
      .post(`/api/admin/locations/${id}/stock-list/import`)
      .set('Content-Type', 'text/csv')
      .send(`asin,par,reorder_point,pack_size\n"${gauze.asin},5,,1\n`)
      .expect(400);
    expect(quote.body.code).toBe('CSV_INVALID');
    const unknown = await agent
      .post(`/api/admin/locations/${id}/stock-list/import`)
      .set('Content-Type', 'text/csv')
      .send(`asin,par,reorder_point,pack_size\nB0NOSUCH00,5,,1\n`)
      .expect(422);
    expect(unknown.body).toMatchObject({
      code: 'STOCK_LIST_UNKNOWN_PRODUCT',
      errors: { 'line 2': expect.any(String) },
    });
    expect(await rows(id)).toEqual(before);
  });
});
