import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { ADMIN_ORDER_FULFILMENT_FILTERS, type AdminOrderFulfilmentFilter } from '../../contracts/admin-orders.js';
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '../../contracts/fulfilment.js';
import type { AdminOrder } from '../../contracts/order-submission.js';
import { createTestApp, movableClock, signedInAgent } from '../../test-support/http-test-app.js';
import { fulfilmentScenarios } from '../../test-support/fulfilment-scenarios.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';

const testbed = useFulfilmentTestbed();
const { confirm, ship, receive, confirmWithBackorder, DAY } = fulfilmentScenarios(testbed);

/** One order in each fulfilment state (and one still pending), made the real way. */
const orders = {} as Record<
  | 'awaiting'
  | 'confirmed'
  | 'partlyConfirmed'
  | 'backordered'
  | 'rejected'
  | 'partlyShipped'
  | 'shippedLate'
  | 'partlyReceived'
  | 'received',
  SentOrder
>;
let pendingOrderId: string;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  admin = (await signedInAgent(testbed.app, testbed.database.db, ['admin'])).agent;
  const [awaiting, confirmed, partlyConfirmed, backordered, rejected, partlyShipped, shippedLate, partlyReceived] =
    await Promise.all(Array.from({ length: 8 }, () => testbed.sentOrder([10, 4])));
  const received = await testbed.sentOrder([10, 4]);
  Object.assign(orders, {
    awaiting: awaiting!,
    confirmed: confirmed!,
    partlyConfirmed: partlyConfirmed!,
    backordered: backordered!,
    rejected: rejected!,
    partlyShipped: partlyShipped!,
    shippedLate: shippedLate!,
    partlyReceived: partlyReceived!,
    received,
  });
  await confirm(orders.confirmed);
  await confirm(orders.partlyConfirmed, {
    type: 'detail',
    items: [
      { lineNumber: 1, quantity: 10, statuses: [{ type: 'accept', quantity: 10 }] },
      { lineNumber: 2, quantity: 4, statuses: [{ type: 'reject', quantity: 4, comments: 'Discontinued' }] },
    ],
  });
  await confirmWithBackorder(orders.backordered, 5);
  await confirm(orders.rejected, { type: 'reject', comments: 'We no longer serve this hospital' });
  await confirm(orders.partlyShipped);
  await ship(orders.partlyShipped, [[1, 10]]);
  await confirm(orders.shippedLate);
  await ship(orders.shippedLate, [
    [1, 10],
    [2, 4],
  ]);
  // Its delivery was expected two days ago: overdue.
  await testbed.database
    .db('shipments')
    .where({ order_id: orders.shippedLate.id })
    .update({ delivery_date: new Date(Date.now() - 2 * DAY) });
  await ship(orders.partlyReceived, [
    [1, 10],
    [2, 4],
  ]);
  await receive(orders.partlyReceived, [[1, 6]]);
  await receive(orders.received, [
    [1, 10],
    [2, 4],
  ]);
  // A pending order has no fulfilment and never matches a fulfilment filter.
  const [product] = await insertProducts(testbed.database.db, [{ title: 'Pending item', price: '3.00' }]);
  const doctor = await signedInAgent(testbed.app, testbed.database.db, ['doctor']);
  const pending = await doctor.agent
    .post('/api/orders')
    .set('Idempotency-Key', `k-${randomUUID()}`)
    .send({ lines: [{ asin: product!.asin, quantity: 1 }] })
    .expect(201);
  pendingOrderId = pending.body.id;
}, 120_000);

const EXPECTED_STATUS: Record<keyof typeof orders, FulfilmentStatus> = {
  awaiting: 'awaiting_confirmation',
  confirmed: 'confirmed',
  partlyConfirmed: 'partially_confirmed',
  backordered: 'backordered',
  rejected: 'rejected_by_supplier',
  partlyShipped: 'partially_shipped',
  shippedLate: 'shipped',
  partlyReceived: 'partially_received',
  received: 'received',
};

const keysWith = (status: FulfilmentStatus) =>
  (Object.keys(EXPECTED_STATUS) as (keyof typeof orders)[]).filter((key) => EXPECTED_STATUS[key] === status);
/** What each filter must keep, from the states above. */
const EXPECTED_BY_FILTER = {
  ...Object.fromEntries(FULFILMENT_STATUSES.map((status) => [status, keysWith(status)])),
  awaiting_receipt: ['partlyShipped', 'shippedLate', 'partlyReceived'],
  overdue: ['shippedLate'],
  has_backorder: ['backordered'],
} as Record<AdminOrderFulfilmentFilter, (keyof typeof orders)[]>;

const listOrders = (agent: typeof admin, filter: Record<string, unknown>) =>
  agent.get('/api/admin/orders').query({ filter: JSON.stringify(filter), range: JSON.stringify([0, 199]) });

describe('GET /api/admin/orders: the fulfilment column', () => {
  it('gives each submitted order the fulfilment_status of GET /api/admin/orders/:id/fulfilment, and none to a pending order', async () => {
    const list = await listOrders(admin, {}).expect(200);
    const rows = new Map((list.body as AdminOrder[]).map((row) => [row.id, row]));
    expect(rows.get(pendingOrderId)).toMatchObject({
      status: 'pending',
      fulfilment_status: null,
      is_overdue: false,
      expected_delivery_date: null,
    });
    for (const [key, order] of Object.entries(orders) as [keyof typeof orders, SentOrder][]) {
      const detail = await admin.get(`/api/admin/orders/${order.id}/fulfilment`).expect(200);
      const row = rows.get(order.id)!;
      expect({ key, status: row.fulfilment_status }).toEqual({ key, status: EXPECTED_STATUS[key] });
      expect(row).toMatchObject({
        fulfilment_status: detail.body.fulfilment.fulfilment_status,
        is_overdue: detail.body.fulfilment.is_overdue,
        expected_delivery_date: detail.body.fulfilment.expected_delivery_date,
      });
    }
    const one = await admin.get(`/api/admin/orders/${orders.shippedLate.id}`).expect(200);
    expect(one.body).toMatchObject({ fulfilment_status: 'shipped', is_overdue: true });
  });
});

describe('GET /api/admin/orders?filter={"fulfilment":…}', () => {
  it.each(ADMIN_ORDER_FULFILMENT_FILTERS)('keeps exactly the orders whose fulfilment is %s', async (filter) => {
    const list = await listOrders(admin, { fulfilment: filter }).expect(200);
    const expected = EXPECTED_BY_FILTER[filter].map((key) => orders[key].id).sort();
    expect((list.body as AdminOrder[]).map((row) => row.id).sort()).toEqual(expected);
    expect(list.headers['content-range']).toBe(
      `orders ${expected.length === 0 ? '0-0' : `0-${expected.length - 1}`}/${expected.length}`,
    );
  });

  it('combines with the status and department filters and the tab counts follow it', async () => {
    const rejectedTab = await listOrders(admin, { fulfilment: 'awaiting_receipt', status: 'rejected' }).expect(200);
    expect(rejectedTab.body).toEqual([]);
    const counts = await admin.get('/api/admin/order-counts').query({ fulfilment: 'awaiting_receipt' }).expect(200);
    expect(counts.body).toMatchObject({ all: 3, submitted: 3, pending: 0, rejected: 0 });
    const everything = await admin.get('/api/admin/order-counts').expect(200);
    expect(everything.body).toMatchObject({ all: 10, submitted: 9, pending: 1 });
    const medical = await admin
      .get('/api/admin/order-counts')
      .query({ fulfilment: 'overdue', department: 'Nowhere' })
      .expect(200);
    expect(medical.body).toMatchObject({ all: 0, submitted: 0 });
  });

  it('answers overdue by the clock: a backorder expected in 5 days is overdue 6 days from now, not before', async () => {
    const clock = movableClock(new Date());
    const app = createTestApp(testbed.database.db, { now: clock.now });
    const before = await listOrders((await signedInAgent(app, testbed.database.db, ['admin'])).agent, {
      fulfilment: 'overdue',
    }).expect(200);
    expect((before.body as AdminOrder[]).map((row) => row.id)).toEqual([orders.shippedLate.id]);
    clock.advance(6 * DAY);
    const after = await listOrders((await signedInAgent(app, testbed.database.db, ['admin'])).agent, {
      fulfilment: 'overdue',
    }).expect(200);
    expect((after.body as AdminOrder[]).map((row) => row.id).sort()).toEqual(
      [orders.shippedLate.id, orders.backordered.id, orders.partlyShipped.id, orders.partlyReceived.id].sort(),
    );
    expect((after.body as AdminOrder[]).every((row) => row.is_overdue)).toBe(true);
  });

  it('refuses an unknown fulfilment value with 400 and a clear message', async () => {
    const response = await listOrders(admin, { fulfilment: 'lost_in_transit' }).expect(400);
    expect(response.body).toMatchObject({ code: 'INVALID_LIST_QUERY', message: expect.stringContaining('fulfilment') });
    const counts = await admin.get('/api/admin/order-counts').query({ fulfilment: 'lost_in_transit' }).expect(400);
    expect(counts.body.code).toBe('VALIDATION_FAILED');
  });

  it('is for admins only: 403 for a doctor, 401 without a session', async () => {
    const doctor = (await signedInAgent(testbed.app, testbed.database.db, ['doctor'])).agent;
    await listOrders(doctor, { fulfilment: 'overdue' }).expect(403);
    await doctor.get('/api/admin/fulfilment-counts').expect(403);
    const finance = (await signedInAgent(testbed.app, testbed.database.db, ['finance'])).agent;
    await finance.get('/api/admin/fulfilment-counts').expect(403);
    await request(testbed.app).get('/api/admin/orders').query({ filter: '{"fulfilment":"overdue"}' }).expect(401);
    await request(testbed.app).get('/api/admin/fulfilment-counts').expect(401);
  });
});

describe('GET /api/admin/fulfilment-counts', () => {
  it('counts backordered lines, orders awaiting receipt, partially received and overdue orders as the filters do', async () => {
    const counts = await admin.get('/api/admin/fulfilment-counts').expect(200);
    expect(counts.body).toEqual({
      backordered_lines: 1,
      orders_with_backorder: 1,
      awaiting_receipt: 3,
      partially_received: 1,
      overdue: 1,
    });
    // The backorder ships: its line waits no more, the order awaits receipt.
    await ship(orders.backordered, [
      [1, 10],
      [2, 4],
    ]);
    const after = await admin.get('/api/admin/fulfilment-counts').expect(200);
    expect(after.body).toMatchObject({ backordered_lines: 0, orders_with_backorder: 0, awaiting_receipt: 4 });
    const list = await listOrders(admin, { fulfilment: 'awaiting_receipt' }).expect(200);
    expect(list.body).toHaveLength(after.body.awaiting_receipt);
  });
});
