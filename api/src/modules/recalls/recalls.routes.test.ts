import { describe, expect, it } from '@jest/globals';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { gs1CheckDigit } from '../barcodes/gtin.rules.js';

const testbed = useFulfilmentTestbed();
const db = () => testbed.database.db;

/** An order whose line 1 arrived in two lots (6 of LOT-R1, 4 of LOT-R2), and that line's product. */
async function orderReceivedInTwoLots() {
  const order = await testbed.sentOrder([10]);
  const receive = (quantity: number, lot: string) =>
    order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity, lot, expiry_date: '2027-06-30' }] })
      .expect(201);
  await receive(6, 'LOT-R1');
  await receive(4, 'lot-r2');
  const line = await db()('order_items')
    .where({ order_id: order.id, line_number: 1 })
    .first('asin', 'product_id', 'title');
  return { order, asin: line.asin as string, productId: line.product_id as string, title: line.title as string };
}

describe('recall lookup', () => {
  it('finds every receipt of a lot by ASIN, GTIN or a scan of the pack, exports it as CSV and e-mails the requesters once', async () => {
    const { order, asin, productId, title } = await orderReceivedInTwoLots();
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);

    const byAsin = await admin.get('/api/admin/recalls/receipts').query({ code: asin, lot: ' lot-r1 ' }).expect(200);
    expect(byAsin.body).toEqual({
      asin,
      title,
      lot: 'lot-r1',
      total_quantity: 6,
      receipts: [
        {
          order_id: order.id,
          order_number: order.order_number,
          location: '1 Dock Rd, Boston, MA',
          department: expect.any(String),
          requester_email: order.requester.user.email,
          received_by: order.requester.user.email,
          received_at: expect.any(String),
          quantity: 6,
          expiry_date: '2027-06-30',
          condition: 'ok',
          short_shelf_life: false,
        },
      ],
    });

    // By a scan of the recalled pack: its GTIN names the product, its AI (10) the lot.
    const body = `0${String(Date.now()).slice(-12)}`;
    const gtin = `${body}${gs1CheckDigit(body)}`;
    await db()('product_gtins').insert({ gtin, product_id: productId, units: 1 });
    const byScan = await admin.get('/api/admin/recalls/receipts').query({ code: `(01)${gtin}(17)270630(10)LOT-R2` });
    expect(byScan.status).toBe(200);
    expect(byScan.body).toMatchObject({ asin, lot: 'LOT-R2', total_quantity: 4 });

    const csv = await admin.get('/api/admin/recalls/receipts/export').query({ code: asin, lot: 'LOT-R1' }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`recall-${asin}-LOT-R1.csv`);
    expect(csv.text.split('\n')[0]).toBe(
      '"order_number","location","department","requester_email","received_by","received_at","quantity","expiry_date","condition","short_shelf_life"',
    );
    expect(csv.text).toContain(`"${order.order_number}","1 Dock Rd, Boston, MA"`);

    const notified = await admin
      .post('/api/admin/recalls/notify')
      .send({ code: asin, lot: 'LOT-R1', message: 'Return them to the store room.' })
      .expect(200);
    expect(notified.body).toEqual({ notified: 1, orders: 1 });
    const mails = await db()('email_outbox').where({ template: 'recall', to_address: order.requester.user.email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Recall: ${title}, lot LOT-R1`);
    expect(mails[0].text_body).toContain(`Your order ${order.order_number} received units of this lot.`);
    expect(mails[0].text_body).toContain('Return them to the store room.');
    const audit = await db()('audit_events').where({ action: 'recall.notify', target_id: asin }).first();
    expect(audit.details).toMatchObject({ lot: 'LOT-R1', requesters: 1, orders: 1 });
  });

  it('answers a lot no one received with no receipts, and refuses a missing lot, an unknown item and non-admins', async () => {
    const { asin } = await orderReceivedInTwoLots();
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    expect(
      (await admin.get('/api/admin/recalls/receipts').query({ code: asin, lot: 'NEVER' }).expect(200)).body,
    ).toMatchObject({ receipts: [], total_quantity: 0 });
    expect((await admin.get('/api/admin/recalls/receipts').query({ code: asin }).expect(400)).body.code).toBe(
      'RECALL_LOT_REQUIRED',
    );
    expect(
      (await admin.get('/api/admin/recalls/receipts').query({ code: 'B0NOSUCH00', lot: 'X' }).expect(404)).body.message,
    ).toBe('No product has the ASIN B0NOSUCH00.');
    expect(
      (await admin.get('/api/admin/recalls/receipts').query({ code: '09506000134353', lot: 'X' }).expect(400)).body
        .code,
    ).toBe('RECALL_CODE_UNREADABLE');
    const { agent: doctor } = await signedInAgent(testbed.app, db(), ['doctor']);
    await doctor.get('/api/admin/recalls/receipts').query({ code: asin, lot: 'LOT-R1' }).expect(403);
    await doctor.post('/api/admin/recalls/notify').send({ code: asin, lot: 'LOT-R1' }).expect(403);
  });
});
