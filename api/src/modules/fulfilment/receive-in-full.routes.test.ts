import { describe, expect, it } from '@jest/globals';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { supplierDocumentsAt } from '../../test-support/fulfilment-scenarios.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();
const supplier = supplierDocumentsAt(testbed, NOW);

/** Line 1 of `quantity`: all but `backordered` confirmed, the backordered part expected Dec 12. */
function confirmWithBackorder(order: SentOrder, quantity: number, backordered: number) {
  return supplier.confirm(order, {
    type: 'detail',
    items: [
      {
        lineNumber: 1,
        quantity,
        statuses: [
          { type: 'accept', quantity: quantity - backordered },
          { type: 'backordered', quantity: backordered, deliveryDate: new Date('2026-12-12T00:00:00Z') },
        ],
      },
    ],
  });
}

const inFull = (order: SentOrder, body: object = {}) =>
  order.requester.agent.post(`/api/orders/${order.id}/receipts/in-full`).send(body);

describe('POST /api/orders/:id/receipts/in-full', () => {
  it('receives what was shipped, leaves backordered units open, and receives them only when asked to', async () => {
    const order = await testbed.sentOrder([5]);
    await confirmWithBackorder(order, 5, 2);
    await supplier.ship(order, [{ lineNumber: 1, quantity: 3 }]);
    const { body: before } = await order.requester.agent.get('/api/orders').expect(200);
    expect(before.data[0].fulfilment_summary.to_receive).toEqual([
      { line_number: 1, quantity: 5, not_shipped: 2, backordered: 2 },
    ]);

    const shipped = await inFull(order).expect(201);
    expect(shipped.body.lines[0]).toMatchObject({ received_quantity: 3, backordered_quantity: 2 });
    expect(shipped.body.fulfilment_status).toBe('partially_received');
    const event = shipped.body.events.find((entry: { type: string }) => entry.type === 'received');
    expect(event.details.lines).toEqual([{ line_number: 1, quantity: 3, condition: 'ok' }]);

    // Only backordered units remain: nothing is written without the receiver's yes.
    const title = shipped.body.lines[0].title as string;
    const asked = await inFull(order).expect(409);
    expect(asked.body).toMatchObject({
      code: 'RECEIPT_NOT_SHIPPED',
      message: `2 × ${title} were not shipped yet (backordered). Receive them too?`,
      details: { not_shipped: [{ line_number: 1, title, quantity: 2, backordered: 2 }] },
    });
    const { body: unchanged } = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(unchanged.fulfilment.lines[0].received_quantity).toBe(3);
    const { body: listed } = await order.requester.agent.get('/api/orders').expect(200);
    expect(listed.data[0].fulfilment_summary.backorders).toEqual([
      { line_number: 1, quantity: 2, delivery_date: '2026-12-12T00:00:00.000Z', outstanding: 2 },
    ]);

    const all = await inFull(order, { include_not_shipped: true }).expect(201);
    expect(all.body).toMatchObject({ fulfilment_status: 'received', is_closed: true });
    expect(all.body.lines[0].received_quantity).toBe(5);
    // The closed order no longer says its units are backordered: they arrived.
    const { body: closed } = await order.requester.agent.get('/api/orders').expect(200);
    expect(closed.data[0].fulfilment_summary.backorders).toEqual([
      { line_number: 1, quantity: 2, delivery_date: '2026-12-12T00:00:00.000Z', outstanding: 0 },
    ]);
    expect(closed.data[0].fulfilment_summary.to_receive).toEqual([]);

    const again = await inFull(order).expect(409);
    expect(again.body.code).toBe('ORDER_RECEIVED');
  });

  it('refuses a junk body and another user’s order, writing nothing', async () => {
    const order = await testbed.sentOrder([2]);
    await supplier.ship(order, [{ lineNumber: 1, quantity: 2 }]);
    const junk = await inFull(order, { include_not_shipped: 'yes' }).expect(400);
    expect(junk.body.code).toBe('VALIDATION_FAILED');
    const { agent: stranger } = await signedInAgent(testbed.app, testbed.database.db, ['doctor']);
    await stranger.post(`/api/orders/${order.id}/receipts/in-full`).send({}).expect(404);
    const { body } = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(body.fulfilment.lines[0].received_quantity).toBe(0);
    const { agent: logistics } = await signedInAgent(testbed.app, testbed.database.db, ['logistics_admin']);
    const received = await logistics.post(`/api/orders/${order.id}/receipts/in-full`).send({}).expect(201);
    expect(received.body.fulfilment_status).toBe('received');
  });
});
