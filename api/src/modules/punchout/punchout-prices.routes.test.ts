import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';

import type { AdminOrder, Order } from '../../contracts/order-submission.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { punchoutShop, unescapeHtml, type Agent } from '../../test-support/punchout-shop.js';

const testbed = useFulfilmentTestbed();
const { setShopUrl, doctor, shopAtSandbox, postCart, cartOf } = punchoutShop(testbed);

beforeAll(async () => {
  await setShopUrl(`${testbed.baseUrl}/sandbox/supplier/punchout/setup`);
});

const money = (amount: string) => `<Money currency="USD">${amount}</Money>`;

/**
 * Returns one item of the sandbox shop (quantity 1, so its price is also the cart's Total), at the
 * price given: edited in the document as a user could on its way through the browser.
 */
async function returnOne(agent: Agent, part: string, quotedPrice: string, returnedPrice = quotedPrice) {
  const { xml } = await shopAtSandbox(agent, [[part, 1]]);
  expect(xml).toContain(money(quotedPrice));
  await postCart({ 'cxml-urlencoded': xml.replaceAll(money(quotedPrice), money(returnedPrice)) }).expect(303);
  const line = (await cartOf(agent)).supplier_items.find(
    (item) => item.supplier_part_id === part && item.unit_price === returnedPrice,
  );
  expect(line).toBeDefined();
  return line!.id;
}

async function orderSupplierItem(agent: Agent, supplierItemId: string): Promise<Order> {
  const answer = await agent
    .post('/api/orders')
    .set('Idempotency-Key', `k-${randomUUID()}`)
    .send({ lines: [], supplier_item_ids: [supplierItemId] })
    .expect(201);
  return answer.body as Order;
}

async function approversView(orderId: string): Promise<AdminOrder> {
  const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
  return (await admin.get(`/api/admin/orders/${orderId}`).expect(200)).body as AdminOrder;
}

const priceDropOf = (order: Pick<Order, 'lines'>) => order.lines[0]?.supplier_quote?.price_drop;

describe('PunchOut prices come back through the browser', () => {
  it('POST /api/cxml/punchout/return refuses a line priced $0.00 (Total edited to match), naming the line, and adds nothing', async () => {
    const agent = await doctor();
    const { xml } = await shopAtSandbox(agent, [
      ['SBX-GLV-100', 1],
      ['SBX-SHARPS-2G', 1],
    ]);
    const edited = xml.replace(money('6.95'), money('0.00')).replace(money('15.44'), money('8.49'));
    expect(edited).not.toBe(xml);

    const refused = await postCart({ 'cxml-urlencoded': edited }).expect(400);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(unescapeHtml(refused.text)).toContain(
      'Line 2 (SBX-SHARPS-2G): the unit price is $0.00; a quoted item has a price.',
    );
    expect(refused.text).toContain('Nothing was added to your Supply Hub cart.');
    expect((await cartOf(agent)).supplier_items).toEqual([]);
    expect(await testbed.database.db('punchout_returned_lines').where({ supplier_part_id: 'SBX-SHARPS-2G' })).toEqual(
      [],
    );
  });

  it('an order of a supplier part well below the price it was last ordered at shows the approver that price and its order', async () => {
    const first = await doctor();
    const earlier = await orderSupplierItem(first, await returnOne(first, 'SBX-GLV-100', '8.49'));
    expect(priceDropOf(earlier)).toBeNull();

    const second = await doctor();
    const order = await orderSupplierItem(second, await returnOne(second, 'SBX-GLV-100', '8.49', '0.01'));
    expect(order.total_amount).toBe('0.01');
    const expected = {
      previous_unit_price: '8.49',
      previous_order_number: earlier.order_number,
      previous_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    };
    expect(priceDropOf(order)).toEqual(expected);

    const seen = await approversView(order.id);
    expect(seen.lines[0]!.supplier_quote).toEqual({
      unit_of_measure: 'BX',
      reference: expect.stringMatching(/:SBX-GLV-100$/),
      price_drop: expected,
    });
    expect(priceDropOf(await approversView(earlier.id))).toBeNull();
    // Approving answers the order as read back: the sandbox supplier prices from its quote and refuses it.
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    const approved = (await admin.post(`/api/admin/orders/${order.id}/approve`)).body as { order: AdminOrder };
    expect(approved.order).toMatchObject({ status: 'failed' });
    expect(priceDropOf(approved.order)).toEqual(expected);
    expect(approved.order).toEqual(await approversView(order.id));
    const stored = await testbed.database
      .db('order_punchout_lines')
      .where({ order_id: order.id })
      .first('previous_unit_price', 'previous_order_number');
    expect(stored).toEqual({ previous_unit_price: '8.49', previous_order_number: earlier.order_number });
  });

  it('a price within the invoice price tolerance of the last one is not flagged; the tolerance is the invoice setting', async () => {
    const agent = await doctor();
    await orderSupplierItem(agent, await returnOne(agent, 'SBX-GAUZE-4X4', '5.20'));
    // 0.96% below $5.20: within the 2% tolerance.
    const near = await orderSupplierItem(agent, await returnOne(agent, 'SBX-GAUZE-4X4', '5.20', '5.15'));
    expect(priceDropOf(await approversView(near.id))).toBeNull();
    // 2.9% below the last order's $5.15; twice: a drop the supplier never took is no last price.
    for (let time = 0; time < 2; time += 1) {
      const below = await orderSupplierItem(agent, await returnOne(agent, 'SBX-GAUZE-4X4', '5.20', '5.00'));
      expect(priceDropOf(await approversView(below.id))).toMatchObject({
        previous_unit_price: '5.15',
        previous_order_number: near.order_number,
      });
    }

    // 8.7% below $5.15: within a tolerance of 10%.
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    await admin.put('/api/admin/invoice-settings').send({ price_tolerance_percent: 10 }).expect(200);
    try {
      const within = await orderSupplierItem(agent, await returnOne(agent, 'SBX-GAUZE-4X4', '5.20', '4.70'));
      expect(priceDropOf(await approversView(within.id))).toBeNull();
    } finally {
      await admin.put('/api/admin/invoice-settings').send({ price_tolerance_percent: 2 }).expect(200);
    }
  });

  it('a cart returned earlier and never ordered gives the last price; a drop returned and never ordered does not', async () => {
    const agent = await doctor();
    await returnOne(agent, 'SBX-PROBE-200', '11.75');
    // Edited, returned and left in the cart: it is a drop itself, so the next cart is not compared with it.
    await returnOne(agent, 'SBX-PROBE-200', '11.75', '1.75');
    const order = await orderSupplierItem(agent, await returnOne(agent, 'SBX-PROBE-200', '11.75', '1.75'));
    expect(priceDropOf(await approversView(order.id))).toEqual({
      previous_unit_price: '11.75',
      previous_order_number: null,
      previous_seen_at: expect.any(String),
    });
    const kept = await testbed.database
      .db('punchout_returned_lines')
      .where({ supplier_part_id: 'SBX-PROBE-200' })
      .orderBy('returned_at')
      .select('unit_price', 'is_price_drop');
    expect(kept).toEqual([
      { unit_price: '11.75', is_price_drop: false },
      { unit_price: '1.75', is_price_drop: true },
      { unit_price: '1.75', is_price_drop: true },
    ]);
  });
});
