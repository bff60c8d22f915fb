import { describe, expect, it } from '@jest/globals';
import request from 'supertest';

import type { OrderFulfilment } from '../../contracts/fulfilment.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { supplierDocumentsAt } from '../../test-support/fulfilment-scenarios.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();
const supplier = supplierDocumentsAt(testbed, NOW);
const confirm = supplier.confirm;
/** Every shipped unit of lot LOT-7, to be used by 2028-01-31. */
const ship = (order: SentOrder, items: { lineNumber: number; quantity: number }[]) =>
  supplier.ship(
    order,
    items.map((item) => ({ ...item, lot: 'LOT-7', expiryDate: new Date('2028-01-31T00:00:00Z') })),
  );

const receive = (order: SentOrder, lines: { line_number: number; quantity: number }[]) =>
  order.requester.agent.post(`/api/orders/${order.id}/receipts`).send({ lines }).expect(201);

/** Orders of one requester's kind in many fulfilment states, each a fresh doctor's. */
async function ordersInSeveralStates() {
  const awaiting = await testbed.sentOrder([2]);
  const confirmed = await testbed.sentOrder([3]);
  await confirm(confirmed);
  const backordered = await testbed.sentOrder([10, 4]);
  await confirm(backordered, {
    type: 'detail',
    items: [
      {
        lineNumber: 1,
        quantity: 10,
        statuses: [
          { type: 'accept', quantity: 6 },
          { type: 'backordered', quantity: 4, deliveryDate: new Date('2026-12-15T00:00:00Z') },
        ],
      },
    ],
  });
  const shippedInPart = await testbed.sentOrder([10, 4]);
  await confirm(shippedInPart);
  await ship(shippedInPart, [{ lineNumber: 1, quantity: 10 }]);
  const receivedInPart = await testbed.sentOrder([5]);
  await ship(receivedInPart, [{ lineNumber: 1, quantity: 5 }]);
  await receive(receivedInPart, [{ line_number: 1, quantity: 2 }]);
  const received = await testbed.sentOrder([1]);
  await receive(received, [{ line_number: 1, quantity: 1 }]);
  const rejected = await testbed.sentOrder([2]);
  await confirm(rejected, { type: 'reject', comments: 'Discontinued' });
  const lineRejected = await testbed.sentOrder([3, 2]);
  await confirm(lineRejected, {
    type: 'detail',
    items: [{ lineNumber: 2, quantity: 2, statuses: [{ type: 'reject', quantity: 2, comments: 'Recalled' }] }],
  });
  await receive(lineRejected, [{ line_number: 1, quantity: 3 }]);
  return { awaiting, confirmed, backordered, shippedInPart, receivedInPart, received, rejected, lineRejected };
}

describe('GET /api/orders: each order’s fulfilment in brief', () => {
  it('agrees with GET /api/orders/:id’s fulfilment for orders in every state, and is null before sending', async () => {
    const orders = await ordersInSeveralStates();
    const statuses: Record<string, string> = {};
    for (const [name, order] of Object.entries(orders)) {
      const list = await order.requester.agent.get('/api/orders').expect(200);
      const listed = list.body.data.find((entry: { id: string }) => entry.id === order.id);
      const { body: detail } = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
      const fulfilment = detail.fulfilment as OrderFulfilment;
      expect(listed.fulfilment_summary).toEqual({
        fulfilment_status: fulfilment.fulfilment_status,
        is_closed: fulfilment.is_closed,
        is_overdue: fulfilment.is_overdue,
        expected_delivery_date: fulfilment.expected_delivery_date,
        tracking: fulfilment.shipments.map((shipment) => ({
          shipment_id: shipment.shipment_id,
          carrier: shipment.carrier,
          tracking_number: shipment.tracking_number,
          tracking_url: shipment.tracking_url,
        })),
        backorders: fulfilment.lines
          .filter((line) => line.backordered_quantity > 0)
          .map((line) => ({
            line_number: line.line_number,
            quantity: line.backordered_quantity,
            delivery_date: line.delivery_date,
            outstanding: Math.min(
              line.backordered_quantity,
              line.ordered - line.rejected_quantity - line.received_quantity,
            ),
          })),
        rejections: fulfilment.lines
          .filter((line) => line.rejected_quantity > 0)
          .map((line) => ({
            line_number: line.line_number,
            quantity: line.rejected_quantity,
            reason: line.rejection_reason,
          })),
        to_receive: fulfilment.lines
          .map((line) => {
            const quantity = line.ordered - line.rejected_quantity - line.received_quantity;
            const notShipped =
              quantity - Math.min(quantity, Math.max(0, line.shipped_quantity - line.received_quantity));
            return {
              line_number: line.line_number,
              quantity,
              not_shipped: notShipped,
              backordered: Math.min(notShipped, line.backordered_quantity),
            };
          })
          .filter((line) => line.quantity > 0),
      });
      statuses[name] = listed.fulfilment_summary.fulfilment_status;
    }
    expect(statuses).toEqual({
      awaiting: 'awaiting_confirmation',
      confirmed: 'confirmed',
      backordered: 'backordered',
      shippedInPart: 'partially_shipped',
      receivedInPart: 'partially_received',
      received: 'received',
      rejected: 'rejected_by_supplier',
      lineRejected: 'received',
    });
    const list = await orders.shippedInPart.requester.agent.get('/api/orders').expect(200);
    expect(list.body.data[0].fulfilment_summary).toMatchObject({
      expected_delivery_date: '2026-12-02T12:00:00.000Z',
      tracking: [
        {
          carrier: 'UPS',
          tracking_number: '1Z999AA10123456784',
          tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        },
      ],
      to_receive: [
        { line_number: 1, quantity: 10, not_shipped: 0, backordered: 0 },
        { line_number: 2, quantity: 4, not_shipped: 4, backordered: 0 },
      ],
    });
    const backorders = await orders.backordered.requester.agent.get('/api/orders').expect(200);
    expect(backorders.body.data[0].fulfilment_summary.backorders).toEqual([
      { line_number: 1, quantity: 4, delivery_date: '2026-12-15T00:00:00.000Z', outstanding: 4 },
    ]);

    const pending = await orders.awaiting.requester.agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-pending-${orders.awaiting.id}`)
      .send({
        lines: [
          {
            asin: (await orders.awaiting.requester.agent.get(`/api/orders/${orders.awaiting.id}`)).body.lines[0].asin,
            quantity: 1,
          },
        ],
      })
      .expect(201);
    const mine = await orders.awaiting.requester.agent.get('/api/orders').expect(200);
    expect(mine.body.data.find((entry: { id: string }) => entry.id === pending.body.id).fulfilment_summary).toBeNull();
  });

  it('reads the whole list in the same number of statements whatever the number of sent orders', async () => {
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    const countStatements = async () => {
      let statements = 0;
      const onQuery = () => (statements += 1);
      testbed.database.db.on('query', onQuery);
      try {
        await admin.get('/api/orders').expect(200);
      } finally {
        testbed.database.db.removeListener('query', onQuery);
      }
      return statements;
    };
    await testbed.sentOrder([1]);
    const before = await countStatements();
    for (let index = 0; index < 4; index += 1) await testbed.sentOrder([1, 2]);
    const after = await countStatements();
    expect(after).toBe(before);
    const list = await admin.get('/api/orders').expect(200);
    expect(
      list.body.data.filter((order: { fulfilment_summary: unknown }) => order.fulfilment_summary).length,
    ).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /api/receiving/orders', () => {
  it('lists the organisation’s sent orders with something still to receive, to a logistics admin, a page at a time', async () => {
    const orders = await ordersInSeveralStates();
    const { agent: logistics } = await signedInAgent(testbed.app, testbed.database.db, ['logistics_admin']);
    const all = await logistics.get('/api/receiving/orders?per_page=100').expect(200);
    const listedIds = all.body.data.map((order: { id: string }) => order.id);
    for (const open of [
      orders.awaiting,
      orders.confirmed,
      orders.backordered,
      orders.shippedInPart,
      orders.receivedInPart,
    ]) {
      expect(listedIds).toContain(open.id);
    }
    // Newest sent first.
    const positions = [
      orders.receivedInPart,
      orders.shippedInPart,
      orders.backordered,
      orders.confirmed,
      orders.awaiting,
    ].map((order) => listedIds.indexOf(order.id));
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
    for (const closed of [orders.received, orders.rejected, orders.lineRejected]) {
      expect(listedIds).not.toContain(closed.id);
    }
    // Agreement with the detail: every listed order has something to receive, and no order with something left is missing.
    for (const order of all.body.data as { fulfilment_summary: { to_receive: unknown[]; is_closed: boolean } }[]) {
      expect(order.fulfilment_summary.to_receive.length).toBeGreaterThan(0);
      expect(order.fulfilment_summary.is_closed).toBe(false);
    }
    const receivedInPart = all.body.data.find((order: { id: string }) => order.id === orders.receivedInPart.id);
    expect(receivedInPart).toMatchObject({
      order_number: orders.receivedInPart.order_number,
      requester_name: expect.any(String),
      delivery_location: expect.any(String),
      fulfilment_summary: {
        fulfilment_status: 'partially_received',
        to_receive: [{ line_number: 1, quantity: 3, not_shipped: 0, backordered: 0 }],
      },
    });
    expect(all.body).toMatchObject({ total: all.body.data.length, page: 1, per_page: 100 });

    const first = await logistics.get('/api/receiving/orders?per_page=2&page=1').expect(200);
    const second = await logistics.get('/api/receiving/orders?per_page=2&page=2').expect(200);
    expect(first.body).toMatchObject({ total: all.body.total, page: 1, per_page: 2 });
    expect(first.body.data.map((order: { id: string }) => order.id)).toEqual(listedIds.slice(0, 2));
    expect(second.body.data.map((order: { id: string }) => order.id)).toEqual(listedIds.slice(2, 4));

    const bad = await logistics.get('/api/receiving/orders?per_page=0').expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers 403 to a doctor, a nurse and finance, 401 when signed out, and lists for an admin', async () => {
    for (const role of ['doctor', 'nurse', 'finance'] as const) {
      const { agent } = await signedInAgent(testbed.app, testbed.database.db, [role]);
      const refused = await agent.get('/api/receiving/orders').expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    await request(testbed.app).get('/api/receiving/orders').expect(401);
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['super_admin']);
    await admin.get('/api/receiving/orders').expect(200);
  });

  it('refuses a page past the limit and any parameter it does not know with 400, naming it', async () => {
    const { agent } = await signedInAgent(testbed.app, testbed.database.db, ['logistics_admin']);
    const tooLarge = await agent.get('/api/receiving/orders').query({ per_page: 1000 }).expect(400);
    expect(tooLarge.body.code).toBe('VALIDATION_FAILED');
    const unknown = await agent.get('/api/receiving/orders').query({ sort: '["password_hash","ASC"]' }).expect(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(unknown.body)).toContain('sort');
  });
});

describe('GET /api/receiving/orders/:id', () => {
  it('gives a logistics admin anyone’s sent order with its lots; 404 for an unsent one, 400 malformed, 403 others', async () => {
    const order = await testbed.sentOrder([4]);
    await ship(order, [{ lineNumber: 1, quantity: 4 }]);
    const { agent: logistics } = await signedInAgent(testbed.app, testbed.database.db, ['logistics_admin']);
    const detail = await logistics.get(`/api/receiving/orders/${order.id}`).expect(200);
    expect(detail.body).toMatchObject({
      id: order.id,
      fulfilment: {
        fulfilment_status: 'shipped',
        lines: [{ line_number: 1, lots: [{ lot: 'LOT-7', expiry_date: '2028-01-31' }] }],
      },
    });
    await testbed.database.db('orders').where({ id: order.id }).update({ status: 'failed' });
    expect((await logistics.get(`/api/receiving/orders/${order.id}`).expect(404)).body.code).toBe('ORDER_NOT_FOUND');
    await logistics.get('/api/receiving/orders/not-an-id').expect(400);
    const { agent: doctor } = await signedInAgent(testbed.app, testbed.database.db, ['doctor']);
    await doctor.get(`/api/receiving/orders/${order.id}`).expect(403);
    // The storefront's /orders stays the caller's own: a logistics admin cannot read it there.
    await logistics.get(`/api/orders/${order.id}`).expect(404);
  });
});
