import { describe, expect, it } from '@jest/globals';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { buildShipNoticeRequestXml } from '../supplier/cxml/cxml-supplier-documents.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();

const receiptCount = async (orderId: string) =>
  Number(
    (
      await testbed.database.db('order_receipts').where({ order_id: orderId }).count<{ count: string }[]>('* as count')
    )[0]!.count,
  );

describe('POST /api/orders/:id/receipts', () => {
  it('records a partial receipt, then the rest, and the order ends received and closed', async () => {
    const order = await testbed.sentOrder([10, 4]);
    const first = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 6, condition: 'damaged', note: 'Two boxes crushed' }] })
      .expect(201);
    expect(first.body.fulfilment_status).toBe('partially_received');
    expect(first.body.lines[0]).toMatchObject({ line_number: 1, received_quantity: 6 });
    const rest = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({
        lines: [
          { line_number: 1, quantity: 4 },
          { line_number: 2, quantity: 4 },
        ],
      })
      .expect(201);
    expect(rest.body).toMatchObject({ fulfilment_status: 'received', is_closed: true });
    const detail = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(detail.body).toMatchObject({ id: order.id, status: 'submitted', fulfilment: rest.body });
    const received = rest.body.events.filter((event: { type: string }) => event.type === 'received');
    expect(received).toHaveLength(2);
    expect(received[0]).toMatchObject({
      actor: expect.stringContaining('@'),
      details: { lines: [{ line_number: 1, quantity: 6, condition: 'damaged', note: 'Two boxes crushed' }] },
    });
  });

  it('receives before any ship notice (suppliers forget them)', async () => {
    const order = await testbed.sentOrder([3]);
    const response = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 3 }] })
      .expect(201);
    expect(response.body.fulfilment_status).toBe('received');
  });

  it('refuses more than was ordered with a clear message and writes nothing', async () => {
    const order = await testbed.sentOrder([10]);
    await testbed.postDocument(
      buildShipNoticeRequestXml(testbed.supplierHeader(NOW), {
        shipmentId: 'S-1',
        noticeDate: NOW,
        shipmentDate: NOW,
        deliveryDate: NOW,
        portions: [
          {
            order: { orderId: order.order_number, payloadId: order.payload_id },
            items: [{ lineNumber: 1, quantity: 10 }],
          },
        ],
      }),
    );
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 8 }] })
      .expect(201);
    const tooMany = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 3 }] })
      .expect(422);
    expect(tooMany.body).toMatchObject({
      code: 'RECEIPT_EXCEEDS_ORDERED',
      message: 'Line 1: only 2 of 10 remain to be received.',
      errors: { 'lines.0.quantity': 'At most 2' },
    });
    const unknownLine = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 7, quantity: 1 }] })
      .expect(422);
    expect(unknownLine.body.message).toBe('This order has no line 7.');
    const invalid = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 0 }] })
      .expect(400);
    expect(invalid.body.errors).toMatchObject({ 'lines.0.quantity': 'Quantity must be at least 1' });
    expect(await receiptCount(order.id)).toBe(1);
  });

  it('lets two people receiving at once never exceed the order', async () => {
    const order = await testbed.sentOrder([5]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        order.requester.agent
          .post(`/api/orders/${order.id}/receipts`)
          .send({ lines: [{ line_number: 1, quantity: 1 }] }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 422]);
    expect(await receiptCount(order.id)).toBe(5);
  });

  it('answers another user’s order like a missing one; an admin may receive; an unsent order cannot be', async () => {
    const order = await testbed.sentOrder([2]);
    const { agent: stranger } = await signedInAgent(testbed.app, testbed.database.db, ['doctor']);
    const refused = await stranger
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 1 }] })
      .expect(404);
    expect(refused.body.code).toBe('ORDER_NOT_FOUND');
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    await admin
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 1 }] })
      .expect(201);
    await testbed.database.db('orders').where({ id: order.id }).update({ status: 'failed' });
    const unsent = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 1 }] })
      .expect(409);
    expect(unsent.body).toMatchObject({
      code: 'ORDER_NOT_SENT',
      message: 'Only an order sent to the supplier can be received.',
    });
    expect(await receiptCount(order.id)).toBe(1);
  });

  it('lets a logistics admin receive anyone’s sent order, naming them in the timeline; a nurse gets 404, finance 403', async () => {
    const order = await testbed.sentOrder([3]);
    for (const role of ['nurse', 'provider'] as const) {
      const { agent } = await signedInAgent(testbed.app, testbed.database.db, [role]);
      const refused = await agent
        .post(`/api/orders/${order.id}/receipts`)
        .send({ lines: [{ line_number: 1, quantity: 1 }] })
        .expect(404);
      expect(refused.body.code).toBe('ORDER_NOT_FOUND');
    }
    // Finance places no orders, so follows none (decisions.md): refused whatever the order.
    const { agent: finance } = await signedInAgent(testbed.app, testbed.database.db, ['finance']);
    await finance
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 1 }] })
      .expect(403);
    expect(await receiptCount(order.id)).toBe(0);
    const { agent: logistics, user } = await signedInAgent(testbed.app, testbed.database.db, ['logistics_admin']);
    const received = await logistics
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 3, condition: 'short', note: 'One box missing a strip' }] })
      .expect(201);
    expect(received.body).toMatchObject({ fulfilment_status: 'received', is_closed: true });
    expect(received.body.events.at(-1)).toMatchObject({
      type: 'received',
      actor: user.email,
      details: { lines: [{ line_number: 1, quantity: 3, condition: 'short', note: 'One box missing a strip' }] },
    });
    const stored = await testbed.database
      .db('order_receipts')
      .where({ order_id: order.id })
      .first('received_by', 'received_by_label');
    expect(stored).toEqual({ received_by: user.id, received_by_label: user.email });
    const event = await testbed.database
      .db('order_events')
      .where({ order_id: order.id, event_type: 'received' })
      .first('actor_user_id');
    expect(event.actor_user_id).toBe(user.id);
    // The requester sees who received it in the order's own timeline.
    const detail = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(detail.body.fulfilment.events.at(-1)).toMatchObject({ type: 'received', actor: user.email });
  });
});
