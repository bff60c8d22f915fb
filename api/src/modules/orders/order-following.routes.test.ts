import { describe, expect, it } from '@jest/globals';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';

const testbed = useFulfilmentTestbed();

/** A sent order placed as a nurse, as her count's top-up or her ward's standing order places it. */
async function nursesSentOrder() {
  const order = await testbed.sentOrder([5]);
  const nurse = await signedInAgent(testbed.app, testbed.database.db, ['nurse']);
  await testbed.database.db('orders').where({ id: order.id }).update({ user_id: nurse.user.id });
  return { order, nurse };
}

describe('who follows orders (decisions.md: whoever may place orders of any kind)', () => {
  it('lets a nurse see her own order, read it in full and receive it', async () => {
    const { order, nurse } = await nursesSentOrder();
    const list = await nurse.agent.get('/api/orders').expect(200);
    expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([order.id]);
    await nurse.agent.get(`/api/orders/${order.id}`).expect(200);
    const received = await nurse.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 5 }] })
      .expect(201);
    expect(received.body.fulfilment_status).toBe('received');
  });

  it('answers another nurse’s order like a missing one, and writes nothing', async () => {
    const { order } = await nursesSentOrder();
    const other = await signedInAgent(testbed.app, testbed.database.db, ['nurse']);
    await other.agent.get(`/api/orders/${order.id}`).expect(404);
    await other.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 5 }] })
      .expect(404);
    expect(await testbed.database.db('order_receipts').where({ order_id: order.id }).first()).toBeUndefined();
  });

  it('refuses finance, who places no orders, the order and standing-order routes', async () => {
    const { order } = await nursesSentOrder();
    const finance = await signedInAgent(testbed.app, testbed.database.db, ['finance']);
    for (const path of ['/api/orders', `/api/orders/${order.id}`, '/api/standing-orders']) {
      const refused = await finance.agent.get(path).expect(403);
      expect(refused.body.message).toBe('You do not have permission to do this.');
    }
    await finance.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 5 }] })
      .expect(403);
    expect(await testbed.database.db('order_receipts').where({ order_id: order.id }).first()).toBeUndefined();
  });

  it('lets a nurse list her standing orders (none of her own making) and refuses her setting one up', async () => {
    const nurse = await signedInAgent(testbed.app, testbed.database.db, ['nurse']);
    expect((await nurse.agent.get('/api/standing-orders').expect(200)).body.data).toEqual([]);
    const refused = await nurse.agent
      .post('/api/standing-orders')
      .send({ name: 'Mine', schedule: { kind: 'weekly', weekdays: [1] }, start_date: '2026-12-01', lines: [] })
      .expect(403);
    expect(refused.body.code).toBe('ORDERING_NOT_ALLOWED');
  });
});
