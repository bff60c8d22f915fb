import { randomInt } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { gs1CheckDigit } from './gtin.rules.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

/** A GTIN-14 no other test uses, with its right check digit. */
function freshGtin(indicator = '0'): string {
  const body = `${indicator}${String(randomInt(0, 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}
const wrongCheckDigit = (gtin: string) => `${gtin.slice(0, -1)}${(Number(gtin.at(-1)) + 1) % 10}`;

async function productWithGtins(title: string, gtins: { gtin: string; units: number }[]) {
  const [product] = await insertProducts(db, [{ title }]);
  const { agent } = await signedInAgent(app, db, ['admin']);
  const record = (await agent.get(`/api/admin/products/${product!.id}`).expect(200)).body;
  await agent
    .put(`/api/admin/products/${product!.id}`)
    .send({ ...record, gtins })
    .expect(200);
  return { product: product!, admin: agent };
}

describe('GTINs on the admin product record', () => {
  it('keeps one GTIN per packaging level, 14 digits, smallest pack first, and takes the record back unchanged', async () => {
    const each = freshGtin();
    const box = freshGtin('1');
    const { product, admin } = await productWithGtins('Scannable gauze', [
      { gtin: box, units: 10 },
      { gtin: each.slice(1), units: 1 }, // typed as an EAN-13
    ]);
    const record = (await admin.get(`/api/admin/products/${product.id}`).expect(200)).body;
    expect(record.gtins).toEqual([
      { gtin: each, units: 1 },
      { gtin: box, units: 10 },
    ]);
    const listed = await admin.get('/api/admin/products').query({ filter: JSON.stringify({ id: [product.id] }) });
    expect(listed.body[0].gtins).toEqual(record.gtins);
    // The record as read goes back as it is: nothing changes, nothing is audited.
    const audits = () => db('audit_events').where({ action: 'product.update', target_id: product.id }).count('* as n');
    const before = await audits();
    await admin.put(`/api/admin/products/${product.id}`).send(record).expect(200);
    expect(await audits()).toEqual(before);
  });

  it('refuses a wrong check digit with the field named, a GTIN listed twice, and another product’s GTIN (409); nothing changes', async () => {
    const taken = freshGtin();
    await productWithGtins('Owner of a GTIN', [{ gtin: taken, units: 1 }]);
    const { product, admin } = await productWithGtins('Another product', []);
    const record = (await admin.get(`/api/admin/products/${product.id}`).expect(200)).body;
    const put = (gtins: unknown) => admin.put(`/api/admin/products/${product.id}`).send({ ...record, gtins });

    const ok = freshGtin();
    const wrong = await put([
      { gtin: ok, units: 1 },
      { gtin: wrongCheckDigit(ok), units: 6 },
    ]).expect(422);
    expect(wrong.body.errors).toEqual({ 'gtins.1.gtin': expect.stringMatching(/wrong check digit/) });
    expect(
      (
        await put([
          { gtin: ok, units: 1 },
          { gtin: ok.slice(1), units: 6 },
        ]).expect(422)
      ).body.errors,
    ).toEqual({
      'gtins.1.gtin': 'is listed twice',
    });
    expect((await put([{ gtin: taken, units: 1 }]).expect(409)).body.message).toMatch(
      /already belongs to Owner of a GTIN/,
    );
    expect((await put([{ gtin: ok, units: 0 }]).expect(400)).body.code).toBeDefined();
    expect((await admin.get(`/api/admin/products/${product.id}`).expect(200)).body.gtins).toEqual([]);
  });
});

describe('GET /api/scan', () => {
  it('resolves a plain GTIN and GS1 element strings to the product, its level and the pack’s lot, expiry and serial', async () => {
    const each = freshGtin();
    const caseGtin = freshGtin('3');
    const { product } = await productWithGtins('Scanned syringes', [
      { gtin: each, units: 1 },
      { gtin: caseGtin, units: 100 },
    ]);
    const { agent: nurse } = await signedInAgent(app, db, ['nurse']);
    const scan = (code: string) => nurse.get('/api/scan').query({ code });

    expect((await scan(each.slice(1)).expect(200)).body).toEqual({
      asin: product.asin,
      title: 'Scanned syringes',
      units: 1,
      gtin: each,
      lot: null,
      expiry: null,
      serial: null,
    });
    expect((await scan(`(01)${caseGtin}(17)280200(10)LOT42(21)SN-9`).expect(200)).body).toMatchObject({
      units: 100,
      gtin: caseGtin,
      lot: 'LOT42',
      expiry: '2028-02-29',
      serial: 'SN-9',
    });
    expect((await scan(`]C101${caseGtin}10LOT42\u001d17281231`).expect(200)).body).toMatchObject({
      units: 100,
      lot: 'LOT42',
      expiry: '2028-12-31',
    });
    // FNC1 in first position, sent by many USB scanners as a leading group separator.
    expect((await scan(`\u001d01${caseGtin}10LOT43\u001d17281231`).expect(200)).body).toMatchObject({
      units: 100,
      lot: 'LOT43',
      expiry: '2028-12-31',
    });
  });

  it('answers 400 for a wrong check digit or a malformed code, 404 for an unknown GTIN, 401 signed out', async () => {
    const { agent: nurse } = await signedInAgent(app, db, ['nurse']);
    const scan = (code: string) => nurse.get('/api/scan').query({ code });
    const gtin = freshGtin();
    expect((await scan(wrongCheckDigit(gtin)).expect(400)).body).toMatchObject({
      code: 'SCAN_UNREADABLE',
      message: expect.stringMatching(/wrong check digit/),
    });
    expect((await scan('(01)0950600013435').expect(400)).body.code).toBe('SCAN_UNREADABLE');
    expect((await scan('(17)281231(10)A').expect(400)).body.message).toMatch(/carries no GTIN/);
    expect((await scan(gtin).expect(404)).body).toMatchObject({
      code: 'GTIN_NOT_FOUND',
      message: expect.stringMatching(/No product in the catalogue has the barcode/),
    });
    await nurse.get('/api/scan').expect(400);
    // The group separator is FNC1 in a scan; any other control character is refused as everywhere.
    expect((await scan(`01${gtin}10A\u0000`).expect(400)).body.code).toBe('CONTROL_CHARACTERS');
    await request(app).get('/api/scan').query({ code: gtin }).expect(401);
  });
});

describe('POST /api/admin/product-gtins/import', () => {
  it('lists what a file would change on a dry run, writes it when asked, and refuses a bad file whole', async () => {
    const [gauze, tape] = await insertProducts(db, [{ title: 'CSV gauze' }, { title: 'CSV tape' }]);
    const [gauzeEach, gauzeBox, tapeEach] = [freshGtin(), freshGtin('1'), freshGtin()];
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const csv = `asin,gtin,units\n${gauze!.asin},${gauzeEach},1\n${gauze!.asin},${gauzeBox},10\n${tape!.asin},${tapeEach.slice(1)},1\n`;
    const post = (body: string, dryRun?: string) =>
      admin
        .post('/api/admin/product-gtins/import')
        .query(dryRun === undefined ? {} : { dry_run: dryRun })
        .set('Content-Type', 'text/csv')
        .send(body);

    const preview = (await post(csv).expect(200)).body;
    expect(preview).toEqual({
      dry_run: true,
      unchanged: 0,
      changes: [
        {
          asin: gauze!.asin,
          title: 'CSV gauze',
          before: [],
          after: [
            { gtin: gauzeEach, units: 1 },
            { gtin: gauzeBox, units: 10 },
          ],
        },
        { asin: tape!.asin, title: 'CSV tape', before: [], after: [{ gtin: tapeEach, units: 1 }] },
      ],
    });
    expect(await db('product_gtins').whereIn('product_id', [gauze!.id, tape!.id])).toEqual([]);

    expect((await post(csv, 'false').expect(200)).body).toMatchObject({ dry_run: false });
    expect((await post(csv, 'false').expect(200)).body).toMatchObject({ changes: [], unchanged: 2 });
    const { agent: nurse } = await signedInAgent(app, db, ['nurse']);
    expect((await nurse.get('/api/scan').query({ code: gauzeBox }).expect(200)).body).toMatchObject({
      asin: gauze!.asin,
      units: 10,
    });

    // Bad files: nothing changes.
    const rows = await db('product_gtins').whereIn('product_id', [gauze!.id, tape!.id]).orderBy('gtin');
    expect(
      (await post(`asin,gtin,units\n${gauze!.asin},${wrongCheckDigit(gauzeEach)},1\n`, 'false').expect(400)).body
        .message,
    ).toMatch(/^The GTIN file was not loaded: line 2: GTIN .* wrong check digit/);
    expect((await post('asin,gtin\nB0X,1\n', 'false').expect(400)).body.message).toMatch(
      /header must be exactly: asin,gtin,units/,
    );
    expect((await post(`asin,gtin,units\n"unclosed,${gauzeEach},1\n`, 'false').expect(400)).body.message).toMatch(
      /malformed CSV/,
    );
    expect((await post(`asin,gtin,units\nNO-SUCH-ASIN,${freshGtin()},1\n`, 'false').expect(422)).body.message).toMatch(
      /no product has the ASIN NO-SUCH-ASIN/,
    );
    const [other] = await insertProducts(db, [{ title: 'CSV other' }]);
    expect((await post(`asin,gtin,units\n${other!.asin},${gauzeBox},1\n`, 'false').expect(409)).body.message).toMatch(
      /belongs to CSV gauze/,
    );
    expect(await db('product_gtins').whereIn('product_id', [gauze!.id, tape!.id, other!.id]).orderBy('gtin')).toEqual(
      rows,
    );

    await admin.post('/api/admin/product-gtins/import').send({ csv }).expect(415);
    await nurse.post('/api/admin/product-gtins/import').set('Content-Type', 'text/csv').send(csv).expect(403);
  });
});
