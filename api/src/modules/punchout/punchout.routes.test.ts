import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import type { Cart } from '../../contracts/cart.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { expiredSessionCleanupJob } from '../../jobs/expired-session-cleanup.job.js';
import { runJob } from '../../jobs/run-job.js';
import { testContext } from '../../test-support/test-context.js';
import { punchoutShop, unescapeHtml } from '../../test-support/punchout-shop.js';
import { validateWithXmllint } from '../../test-support/xmllint.js';

const testbed = useFulfilmentTestbed();
const { setShopUrl, doctor, shopAtSandbox, postCart, cartOf } = punchoutShop(testbed);

beforeAll(async () => {
  await setShopUrl(`${testbed.baseUrl}/sandbox/supplier/punchout/setup`);
});

describe('PunchOut shopping', () => {
  it('round trip: setup, the sandbox shop, a DTD-valid PunchOutOrderMessage, the lines in the cart as quoted — once', async () => {
    const agent = await doctor();
    const { xml } = await shopAtSandbox(agent, [
      ['SBX-GLV-100', 3],
      ['SBX-SHARPS-2G', 1],
    ]);
    const validity = validateWithXmllint(xml, 'cXML.dtd');
    expect(validity.errors).toBe('');
    expect(validity.isValid).toBe(true);
    expect(xml).toContain('<PunchOutOrderMessage>');

    const returned = await postCart({ 'cxml-urlencoded': xml }).expect(303);
    expect(returned.headers.location).toBe(`${testbed.baseUrl}/catalog?supplier_cart=2`);
    const cart = await cartOf(agent);
    expect(cart.supplier_items).toEqual([
      expect.objectContaining({
        supplier_part_id: 'SBX-GLV-100',
        description: 'Nitrile exam gloves, medium, box of 100',
        unit_price: '8.49',
        quantity: 3,
        unit_of_measure: 'BX',
        supplier_part_auxiliary_id: expect.stringMatching(/^Q-[0-9a-f]{8}:SBX-GLV-100$/),
      }),
      expect.objectContaining({ supplier_part_id: 'SBX-SHARPS-2G', unit_price: '6.95', quantity: 1 }),
    ]);
    expect(cart.item_count).toBe(4);

    // The same cart again (a replay, a double click): refused with a page, nothing added twice.
    const replay = await postCart({ 'cxml-urlencoded': xml }).expect(409);
    expect(replay.headers['content-type']).toMatch(/text\/html/);
    expect(unescapeHtml(replay.text)).toContain(
      'This cart was already returned to Supply Hub; nothing was added a second time.',
    );
    expect((await cartOf(agent)).supplier_items).toHaveLength(2);

    const audit = await testbed.database
      .db('audit_events')
      .where({ action: 'punchout.return' })
      .orderBy('occurred_at', 'desc')
      .first();
    expect(audit.details).toMatchObject({ item_count: 2 });
  });

  it('takes the cxml-base64 form too', async () => {
    const agent = await doctor();
    const { xml } = await shopAtSandbox(agent, [['SBX-GAUZE-4X4', 2]]);
    await postCart({ 'cxml-base64': Buffer.from(xml, 'utf8').toString('base64') }).expect(303);
    expect((await cartOf(agent)).supplier_items).toEqual([
      expect.objectContaining({
        supplier_part_id: 'SBX-GAUZE-4X4',
        quantity: 2,
        unit_price: '5.20',
        unit_of_measure: 'PK',
      }),
    ]);
  });

  it('refuses tampered, hostile, unknown and expired carts with a page, adding nothing', async () => {
    const agent = await doctor();
    const { xml, startPage } = await shopAtSandbox(agent, [['SBX-PROBE-200', 2]]);
    const refusedWith = async (form: Record<string, string>, status: number, text: string | RegExp) => {
      const answer = await postCart(form).expect(status);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(unescapeHtml(answer.text)).toMatch(text);
      expect(answer.text).toContain('Nothing was added to your Supply Hub cart.');
    };
    // A price edited on its way through the browser no longer adds up to the Total.
    await refusedWith(
      { 'cxml-urlencoded': xml.replace('<Money currency="USD">11.75</Money>', '<Money currency="USD">1.75</Money>') },
      400,
      "The cart's Total ($23.50) does not match its lines ($3.50).",
    );
    // Not from the supplier the portal is set up with.
    await refusedWith(
      { 'cxml-urlencoded': xml.replaceAll('<Identity>Amazon</Identity>', '<Identity>Mallory</Identity>') },
      400,
      'The cart does not come from the supplier Supply Hub is set up with.',
    );
    // Against the DTD: the header's Total is required.
    await refusedWith(
      { 'cxml-urlencoded': xml.replace(/<Total>[\s\S]*?<\/Total>/, '') },
      400,
      /not valid against cXML\.dtd/,
    );
    // Hostile XML: an entity declaration (billion laughs, external entities) is never expanded.
    await refusedWith(
      {
        'cxml-urlencoded': xml.replace(
          /<!DOCTYPE[^>]*>/,
          '<!DOCTYPE cXML [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>',
        ),
      },
      400,
      /entity declarations are not accepted/,
    );
    await refusedWith({ 'cxml-urlencoded': 'not xml at all' }, 400, /not a readable cXML document/);
    await refusedWith({ something: 'else' }, 400, /a cxml-urlencoded or cxml-base64 field is expected/);
    await refusedWith(
      { 'cxml-urlencoded': `${xml} ${'x'.repeat(1_500_000)}` },
      413,
      /larger than a cXML document may be/,
    );
    // An unknown BuyerCookie.
    await refusedWith(
      {
        'cxml-urlencoded': xml.replace(
          /<BuyerCookie>[^<]+<\/BuyerCookie>/,
          '<BuyerCookie>guessed-cookie</BuyerCookie>',
        ),
      },
      400,
      'This shopping session is not known to Supply Hub.',
    );
    expect((await cartOf(agent)).supplier_items).toEqual([]);

    // An expired session: two hours have passed.
    const token = new URL(startPage).pathname.split('/').pop();
    const shop = await testbed.database.db('sandbox_punchout_sessions').where({ token }).first('buyer_cookie');
    await testbed.database
      .db('punchout_sessions')
      .where({ buyer_cookie: shop.buyer_cookie })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await refusedWith({ 'cxml-urlencoded': xml }, 409, 'This shopping session has expired.');
    expect((await cartOf(agent)).supplier_items).toEqual([]);
  });

  it('orders supplier lines as quoted beside catalogue lines; the OrderRequest echoes SupplierPartAuxiliaryID (DTD-valid)', async () => {
    const agent = await doctor();
    const [product] = await insertProducts(testbed.database.db, [
      { title: `Saline ${randomUUID().slice(0, 6)}`, price: '2.00' },
    ]);
    await agent.post('/api/cart/items').send({ asin: product!.asin, quantity: 5 }).expect(200);
    const { xml } = await shopAtSandbox(agent, [['SBX-GLV-100', 2]]);
    await postCart({ 'cxml-urlencoded': xml }).expect(303);
    const cart = await cartOf(agent);
    const supplierIds = cart.supplier_items.map((item) => item.id);

    // Someone else's supplier line is not theirs to order or remove.
    const other = await doctor();
    await other.delete(`/api/cart/supplier-items/${supplierIds[0]}`).expect(404);
    const refused = await other
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [], supplier_item_ids: supplierIds })
      .expect(400);
    expect(refused.body.code).toBe('SUPPLIER_ITEM_NOT_IN_CART');

    const order = await agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin: product!.asin, quantity: 5 }], supplier_item_ids: supplierIds })
      .expect(201);
    expect(order.body.total_amount).toBe('26.98');
    expect(order.body.lines).toEqual([
      expect.objectContaining({ asin: product!.asin, quantity: 5, unit_price: '2.00' }),
      expect.objectContaining({
        asin: 'SBX-GLV-100',
        title: 'Nitrile exam gloves, medium, box of 100',
        quantity: 2,
        unit_price: '8.49',
        supplier_quote: {
          unit_of_measure: 'BX',
          reference: expect.stringMatching(/^Q-[0-9a-f]{8}:SBX-GLV-100$/),
          price_drop: null,
        },
      }),
    ]);
    const emptied = await cartOf(agent);
    expect(emptied.items).toEqual([]);
    expect(emptied.supplier_items).toEqual([]);

    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    // The approver sees which lines are priced as the supplier quoted them.
    const seen = (await admin.get(`/api/admin/orders/${order.body.id}`).expect(200)).body as {
      lines: { supplier_quote: { unit_of_measure: string } | null }[];
    };
    expect(seen.lines.map((line) => line.supplier_quote?.unit_of_measure ?? null)).toEqual([null, 'BX']);
    await admin.post(`/api/admin/orders/${order.body.id}/approve`).expect(200);
    const log = await testbed.database
      .db('ab_logs')
      .where({ order_id: order.body.id, status: 'success' })
      .first('request_xml');
    const sent = log.request_xml as string;
    expect(sent).toMatch(
      /<SupplierPartID>SBX-GLV-100<\/SupplierPartID>\s*<SupplierPartAuxiliaryID>Q-[0-9a-f]{8}:SBX-GLV-100<\/SupplierPartAuxiliaryID>/,
    );
    expect(sent).toContain('<UnitOfMeasure>BX</UnitOfMeasure>');
    expect(sent).toContain('<Classification domain="UNSPSC">42132203</Classification>');
    const validity = validateWithXmllint(sent, 'cXML.dtd');
    expect(validity.errors).toBe('');
    expect(validity.isValid).toBe(true);
  });

  it('removes and clears supplier lines; who may shop; no shopping URL; a supplier that cannot be reached', async () => {
    const agent = await doctor();
    const { xml } = await shopAtSandbox(agent, [
      ['SBX-GLV-100', 1],
      ['SBX-GAUZE-4X4', 1],
    ]);
    await postCart({ 'cxml-urlencoded': xml }).expect(303);
    const [first, second] = (await cartOf(agent)).supplier_items;
    const afterRemove = (await agent.delete(`/api/cart/supplier-items/${first!.id}`).expect(200)).body as Cart;
    expect(afterRemove.supplier_items.map((item) => item.id)).toEqual([second!.id]);
    await agent.delete('/api/cart/supplier-items/not-a-uuid').expect(400);
    // A quantity change of a catalogue line leaves supplier lines alone; Clear (none kept) removes them.
    await agent.put('/api/cart').send({ items: [] }).expect(200);
    expect((await cartOf(agent)).supplier_items).toHaveLength(1);
    await agent.put('/api/cart').send({ items: [], supplier_item_ids: [] }).expect(200);
    expect((await cartOf(agent)).supplier_items).toEqual([]);

    await request(testbed.app).post('/api/punchout/sessions').expect(401);
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    await admin.post('/api/punchout/sessions').expect(403);
    const { agent: nurse } = await signedInAgent(testbed.app, testbed.database.db, ['nurse']);
    await nurse.post('/api/punchout/sessions').expect(403);

    await setShopUrl('http://127.0.0.1:9/punchout');
    const unreachable = await agent.post('/api/punchout/sessions').expect(502);
    expect(unreachable.body.message).toBe(
      "The supplier's shop cannot be reached just now. Please try again in a few minutes.",
    );
    await setShopUrl('');
    expect((await agent.post('/api/punchout/sessions').expect(409)).body.code).toBe('PUNCHOUT_NOT_CONFIGURED');
    await setShopUrl(`${testbed.baseUrl}/sandbox/supplier/punchout/setup`);
    const sessions = await testbed.database.db('punchout_sessions').count<{ count: string }[]>('* as count');
    expect(Number(sessions[0]!.count)).toBeGreaterThan(0);
  });
});

describe('a cart edited consistently on its way back (price and Total)', () => {
  it('gets into the cart as quoted, but the supplier refuses the OrderRequest: its quote reference has another price', async () => {
    const agent = await doctor();
    const { xml } = await shopAtSandbox(agent, [['SBX-PROBE-200', 1]]);
    const edited = xml.replaceAll('<Money currency="USD">11.75</Money>', '<Money currency="USD">1.75</Money>');
    await postCart({ 'cxml-urlencoded': edited }).expect(303);
    const cart = await cartOf(agent);
    expect(cart.supplier_items).toEqual([
      expect.objectContaining({ supplier_part_id: 'SBX-PROBE-200', unit_price: '1.75' }),
    ]);
    const order = await agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [], supplier_item_ids: cart.supplier_items.map((item) => item.id) })
      .expect(201);
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    await admin.post(`/api/admin/orders/${order.body.id}/approve`);
    const stored = await testbed.database.db('orders').where({ id: order.body.id }).first('status', 'rejection_reason');
    expect(stored.status).not.toBe('submitted');
    expect(stored.rejection_reason).toContain("the price of SBX-PROBE-200 does not match the shop's quote ($11.75)");
  });
});

describe('the expired-session-cleanup job', () => {
  it('forgets shopping sessions abandoned a day ago, and keeps returned ones and those still open', async () => {
    const agent = await doctor();
    await agent.post('/api/punchout/sessions').expect(201);
    const { xml } = await shopAtSandbox(agent, [['SBX-GLV-100', 1]]);
    await postCart({ 'cxml-urlencoded': xml }).expect(303);
    const db = testbed.database.db;
    const user = await db('punchout_sessions').orderBy('created_at', 'desc').first('user_id');
    const [abandoned] = await db('punchout_sessions')
      .insert({
        user_id: user.user_id,
        buyer_cookie: `old-${randomUUID()}`,
        payload_id: 'old@test',
        created_at: new Date(Date.now() - 3 * 86_400_000),
        expires_at: new Date(Date.now() - 2 * 86_400_000),
      })
      .returning('id');
    const before = await db('punchout_sessions').where({ user_id: user.user_id }).count<{ n: number }[]>('* as n');

    const outcome = await runJob(testContext(db), expiredSessionCleanupJob, 'manual');
    expect(outcome).toMatchObject({ outcome: 'success', counts: { punchout_sessions_deleted: expect.any(Number) } });
    expect(await db('punchout_sessions').where({ id: abandoned.id })).toEqual([]);
    const after = await db('punchout_sessions').where({ user_id: user.user_id }).count<{ n: number }[]>('* as n');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) - 1);
    expect((await cartOf(agent)).supplier_items).toHaveLength(1);
  });
});
