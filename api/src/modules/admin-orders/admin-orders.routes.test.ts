import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

async function placeOrder() {
  const [product] = await insertProducts(db, [{ title: 'Admin order item', price: '4.00' }]);
  const requester = await signedInAgent(app, db, ['doctor']);
  const order = await requester.agent
    .post('/api/orders')
    .set('Idempotency-Key', `k-${randomUUID()}`)
    .send({ lines: [{ asin: product!.asin, quantity: 2 }] })
    .expect(201);
  return { order: order.body as { id: string; order_number: string }, requester };
}

describe('/api/admin/orders', () => {
  it('lists orders with lines, requester and address status, filtered by status, with tab counts', async () => {
    const { order, requester } = await placeOrder();
    // The requester's address went away after ordering: the list says so.
    await db('shipping_addresses').where({ user_id: requester.user.id }).delete();
    const { agent } = await signedInAgent(app, db, ['admin']);
    const list = await agent
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ user_id: requester.user.id, status: 'pending' }) })
      .expect(200);
    expect(list.headers['content-range']).toBe('orders 0-0/1');
    expect(list.body[0]).toMatchObject({
      id: order.id,
      requester_name: 'Test doctor',
      ship_to_status: null,
      total_amount: '8.00',
      lines: [{ quantity: 2 }],
    });
    const counts = await agent.get('/api/admin/order-counts').expect(200);
    expect(counts.body).toMatchObject({
      all: expect.any(Number),
      pending: expect.any(Number),
      departments: expect.any(Array),
    });
    expect(counts.body.pending).toBeGreaterThanOrEqual(1);
    // Every department an order was placed for, each once ('Default' shows as 'Medical').
    await db('orders').where({ id: order.id }).update({ delivery_location: 'Default' });
    const stored: string[] = await db('orders').distinct('delivery_location').pluck('delivery_location');
    const departments = [...new Set(stored.map((name) => (name === 'Default' ? 'Medical' : name)))];
    const recounted = await agent.get('/api/admin/order-counts').expect(200);
    expect([...recounted.body.departments].sort()).toEqual(departments.sort());
    expect(recounted.body.departments).toContain('Medical');
    await requester.agent.get('/api/admin/orders').expect(403);
  });

  it('counts a department by status from the kept counts, as its list does', async () => {
    const department = `Counts ${randomUUID().slice(0, 8)}`;
    const placed = [await placeOrder(), await placeOrder(), await placeOrder()];
    await db('orders')
      .whereIn(
        'id',
        placed.map(({ order }) => order.id),
      )
      .update({ delivery_location: department });
    const { agent } = await signedInAgent(app, db, ['admin']);
    await agent.post(`/api/admin/orders/${placed[0]!.order.id}/reject`).send({}).expect(200);

    const counts = await agent.get('/api/admin/order-counts').query({ department }).expect(200);
    expect(counts.body).toMatchObject({ all: 3, pending: 2, rejected: 1 });
    const list = await agent
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ department, status: 'pending' }), range: '[0,0]' })
      .expect(200);
    expect(list.headers['content-range']).toBe('orders 0-0/2');
  });

  it('rejects a pending order with the default reason, records who and when, and refuses a second rejection', async () => {
    const { order } = await placeOrder();
    const { agent, user: admin } = await signedInAgent(app, db, ['admin']);
    const rejected = await agent.post(`/api/admin/orders/${order.id}/reject`).send({}).expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Rejected by admin' });
    expect(await db('orders').where({ id: order.id }).first('rejected_by')).toEqual({ rejected_by: admin.id });
    const again = await agent.post(`/api/admin/orders/${order.id}/reject`).send({ reason: 'Twice' }).expect(409);
    expect(again.body.code).toBe('ORDER_INVALID_TRANSITION');
    expect(
      await db('audit_events').where({ action: 'order.reject', target_id: order.id }).count('* as n').first(),
    ).toEqual({ n: 1 });
    // The one :id rule: malformed 400, unknown 404.
    await agent.post('/api/admin/orders/not-an-id/reject').send({}).expect(400);
    await agent.post('/api/admin/orders/00000000-0000-4000-8000-000000000000/reject').send({}).expect(404);
  });

  it('keeps the given reason', async () => {
    const { order } = await placeOrder();
    const { agent } = await signedInAgent(app, db, ['super_admin']);
    const rejected = await agent
      .post(`/api/admin/orders/${order.id}/reject`)
      .send({ reason: 'Over budget' })
      .expect(200);
    expect(rejected.body.rejection_reason).toBe('Over budget');
  });
});
