import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { insertDepartment, putInDepartment } from '../../test-support/location-fixtures.js';
import { openSharedTestDb, testContext } from '../../test-support/test-context.js';
import { getStandingOrder, runDueStandingOrders } from './standing-orders.service.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

// Monday 30 November 2026, 10:00 in New York (the company's default time zone).
const MONDAY = new Date('2026-11-30T15:00:00Z');
const jobAt = (now: Date) => runDueStandingOrders(testContext(db, { now: () => now }));

async function doctorWithStandingOrder(schedule: object = { kind: 'weekly', weekdays: [1, 4] }) {
  const [fluids, gloves] = await insertProducts(db, [
    { title: 'IV fluid 1 L', price: '3.50' },
    { title: 'Exam gloves', price: '9.00' },
  ]);
  const doctor = await signedInAgent(app, db, ['doctor']);
  const created = await doctor.agent
    .post('/api/standing-orders')
    .send({
      name: 'Monday fluids',
      schedule,
      start_date: '2026-11-01',
      lines: [
        { asin: fluids!.asin, quantity: 12 },
        { asin: gloves!.asin, quantity: 2 },
      ],
    })
    .expect(201);
  return { doctor, standing: created.body as { id: string }, fluids: fluids!, gloves: gloves! };
}

const ordersOf = (userId: string) => db('orders').where({ user_id: userId }).select('id', 'total_amount', 'status');

describe('standing orders', () => {
  it('are set up by their owner with the next date, and refuse bad schedules, unknown items and other users', async () => {
    const { doctor, standing } = await doctorWithStandingOrder();
    const read = (await doctor.agent.get(`/api/standing-orders/${standing.id}`).expect(200)).body;
    expect(read).toMatchObject({
      name: 'Monday fluids',
      schedule: { kind: 'weekly', weekdays: [1, 4] },
      paused: false,
      lines: [
        expect.objectContaining({ title: 'IV fluid 1 L', quantity: 12 }),
        expect.objectContaining({ quantity: 2 }),
      ],
      recent: [],
    });
    expect(read.next_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const post = (body: object) => doctor.agent.post('/api/standing-orders').send(body);
    const base = { name: 'x', start_date: '2026-12-01', lines: [{ asin: 'B0NOSUCH00', quantity: 1 }] };
    expect((await post({ ...base, schedule: { kind: 'weekly', weekdays: [] } }).expect(400)).body.code).toBeDefined();
    expect((await post({ ...base, schedule: { kind: 'monthly', day: 32 } }).expect(400)).body.code).toBeDefined();
    expect(
      (await post({ ...base, schedule: { kind: 'monthly', day: 1 }, end_date: '2026-11-01' }).expect(400)).body.errors,
    ).toMatchObject({ end_date: 'The end date cannot be before the start date' });
    expect((await post({ ...base, schedule: { kind: 'monthly', day: 1 } }).expect(422)).body.errors).toEqual({
      'lines.0.asin': 'is not in the catalogue',
    });

    const other = await signedInAgent(app, db, ['doctor']);
    await other.agent.get(`/api/standing-orders/${standing.id}`).expect(404);
    await other.agent.post(`/api/standing-orders/${standing.id}/pause`).expect(404);
    expect((await other.agent.get('/api/standing-orders').expect(200)).body.data).toEqual([]);
    await request(app).get('/api/standing-orders').expect(401);
    const admin = await signedInAgent(app, db, ['admin']);
    expect((await admin.agent.post('/api/standing-orders').send(base).expect(403)).body.code).toBe(
      'ORDERING_NOT_ALLOWED',
    );
  });

  it('are changed by their owner — lines, name, schedule, dates — and keep at least one line of 1 to 9999', async () => {
    const { doctor, standing, fluids, gloves } = await doctorWithStandingOrder();
    const put = (body: object) => doctor.agent.put(`/api/standing-orders/${standing.id}`).send(body);
    const change = {
      name: 'Month-end fluids',
      schedule: { kind: 'monthly', day: 31 },
      start_date: '2026-11-01',
      end_date: '2027-06-30',
      lines: [{ asin: fluids.asin, quantity: 20 }],
    };
    const changed = (await put(change).expect(200)).body;
    expect(changed).toMatchObject({
      name: 'Month-end fluids',
      schedule: { kind: 'monthly', day: 31 },
      end_date: '2027-06-30',
      lines: [{ asin: fluids.asin, title: 'IV fluid 1 L', quantity: 20 }],
    });
    expect((await doctor.agent.get(`/api/standing-orders/${standing.id}`).expect(200)).body).toMatchObject({
      lines: [{ asin: fluids.asin, quantity: 20 }],
      schedule: { kind: 'monthly', day: 31 },
    });

    expect((await put({ ...change, lines: [] }).expect(400)).body.errors).toEqual({
      lines: 'A standing order needs at least one item.',
    });
    expect(
      (
        await put({
          ...change,
          lines: [
            { asin: fluids.asin, quantity: 10_000 },
            { asin: gloves.asin, quantity: 0 },
          ],
        }).expect(400)
      ).body.errors,
    ).toEqual({
      'lines.0.quantity': 'Quantity must be at most 9999',
      'lines.1.quantity': 'Quantity must be at least 1',
    });
    expect((await put({ ...change, name: ' ' }).expect(400)).body.errors).toEqual({ name: 'Name is required' });
    // Refused changes leave it as it was.
    expect((await doctor.agent.get(`/api/standing-orders/${standing.id}`).expect(200)).body.lines).toEqual([
      expect.objectContaining({ quantity: 20 }),
    ]);

    const other = await signedInAgent(app, db, ['doctor']);
    await other.agent.put(`/api/standing-orders/${standing.id}`).send(change).expect(404);
  });

  it('places one order on its day, never twice — a second run, two runs at once, a run the next day — and leaves the cart alone', async () => {
    const { doctor, standing, gloves } = await doctorWithStandingOrder();
    await doctor.agent.post('/api/cart/items').send({ asin: gloves.asin, quantity: 1 }).expect(200);
    await Promise.all([jobAt(MONDAY), jobAt(MONDAY)]);
    await jobAt(new Date(MONDAY.getTime() + 60 * 60_000));
    // Tuesday: Monday is yesterday's occurrence, already placed; Tuesday is not a day of it.
    await jobAt(new Date(MONDAY.getTime() + 24 * 60 * 60_000));
    const orders = await ordersOf(doctor.user.id);
    expect(orders).toEqual([expect.objectContaining({ total_amount: '60.00', status: expect.any(String) })]);
    const read = (await doctor.agent.get(`/api/standing-orders/${standing.id}`).expect(200)).body;
    expect(read.recent).toEqual([{ date: '2026-11-30', status: 'ordered', order_id: orders[0]!.id, reason: null }]);
    // Read on Monday after Monday's run: the next order is Thursday's, not the Monday just placed.
    const onMonday = await getStandingOrder(testContext(db, { now: () => MONDAY }), doctor.user.id, standing.id);
    expect(onMonday).toMatchObject({ next_date: '2026-12-03', recent: [{ date: '2026-11-30', status: 'ordered' }] });
    const cart = (await doctor.agent.get('/api/cart').expect(200)).body;
    expect(cart.items).toHaveLength(1);
    const mails = await db('email_outbox').where({ to_address: doctor.user.email, template: 'standing-order-placed' });
    expect(mails).toHaveLength(1);
  });

  it('finishes an occurrence a crash left claimed, with the same order when it was already placed', async () => {
    const { doctor, standing } = await doctorWithStandingOrder();
    await jobAt(MONDAY);
    const [order] = await ordersOf(doctor.user.id);
    // As if the server stopped after placing the order and before recording it.
    await db('standing_order_occurrences')
      .where({ standing_order_id: standing.id })
      .update({ status: 'claimed', order_id: null, created_at: new Date(MONDAY.getTime() - 60 * 60_000) });
    await jobAt(new Date(MONDAY.getTime() + 5 * 60_000));
    expect(await ordersOf(doctor.user.id)).toEqual([expect.objectContaining({ id: order!.id })]);
    expect(await db('standing_order_occurrences').where({ standing_order_id: standing.id })).toEqual([
      expect.objectContaining({ status: 'ordered', order_id: order!.id }),
    ]);
  });

  it('orders a date once when the instance running the job dies while placing its order (its connections cut), and another takes over', async () => {
    const { doctor, standing } = await doctorWithStandingOrder();
    const [department] = await db('departments')
      .insert({ code: `SR${Date.now().toString(36).toUpperCase()}`, name: 'Restart ward' })
      .returning<{ id: string }[]>('id');
    await db('profiles').where({ user_id: doctor.user.id }).update({ department_id: department!.id });
    await db('budgets').insert({ department_id: department!.id, period: 'month', amount: '10000.00', policy: 'warn' });

    // Instance A: a pool of its own, as another server process has. It claims the date and writes the
    // order, then waits on the department's budget row, which this test holds.
    const instanceName = `instance-a-${randomUUID().slice(0, 8)}`;
    const instanceA = openSharedTestDb(instanceName);
    const holder = await db.transaction();
    await holder.raw('SELECT 1 FROM budgets WHERE department_id = ? FOR UPDATE', [department!.id]);
    const runA = runDueStandingOrders(testContext(instanceA, { now: () => MONDAY })).catch((error: unknown) => error);
    const waitingOf = async () =>
      (
        await db.raw<{ rows: { pid: number }[] }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = ? AND wait_event_type = 'Lock'`,
          [instanceName],
        )
      ).rows;
    for (let tries = 0; (await waitingOf()).length === 0; tries += 1) {
      if (tries > 200) throw new Error('instance A never reached the budget lock');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // A dies there: its database sessions end with it, its open transaction is rolled back.
    await db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?`, [instanceName]);
    await runA;
    await instanceA.destroy().catch(() => undefined);
    await holder.rollback();
    expect(await ordersOf(doctor.user.id)).toEqual([]);
    expect(await db('standing_order_occurrences').where({ standing_order_id: standing.id })).toEqual([
      expect.objectContaining({ status: 'claimed', order_id: null }),
    ]);

    // Instance B, started after A's claim went stale (15 minutes): the date is ordered, once.
    await jobAt(new Date(MONDAY.getTime() + 16 * 60_000));
    await jobAt(new Date(MONDAY.getTime() + 17 * 60_000));
    const orders = await ordersOf(doctor.user.id);
    expect(orders).toHaveLength(1);
    expect(await db('standing_order_occurrences').where({ standing_order_id: standing.id })).toEqual([
      expect.objectContaining({ status: 'ordered', order_id: orders[0]!.id }),
    ]);
  });

  it('skips the occurrence under a stop budget and tells the owner why; paused ones wait; monthly falls on the month’s end', async () => {
    const { doctor, standing } = await doctorWithStandingOrder();
    const [department] = await db('departments')
      .insert({ code: `SO${Date.now().toString(36).toUpperCase()}`, name: 'Standing ward' })
      .returning<{ id: string }[]>('id');
    await db('profiles').where({ user_id: doctor.user.id }).update({ department_id: department!.id });
    await db('budgets').insert({ department_id: department!.id, period: 'month', amount: '10.00', policy: 'stop' });
    await jobAt(MONDAY);
    expect(await ordersOf(doctor.user.id)).toEqual([]);
    const [occurrence] = await db('standing_order_occurrences').where({ standing_order_id: standing.id });
    expect(occurrence).toMatchObject({ status: 'skipped', order_id: null });
    expect(occurrence.reason).toMatch(/exceeds the Standing ward budget/);
    const [mail] = await db('email_outbox').where({
      to_address: doctor.user.email,
      template: 'standing-order-skipped',
    });
    expect(mail.text_body).toContain(occurrence.reason);

    const paused = await doctorWithStandingOrder({ kind: 'monthly', day: 31 });
    await paused.doctor.agent.post(`/api/standing-orders/${paused.standing.id}/pause`).expect(200);
    await jobAt(MONDAY); // 30 November: the month's last day, so "the 31st" is due — but paused
    expect(await ordersOf(paused.doctor.user.id)).toEqual([]);
    const resumed = await paused.doctor.agent.post(`/api/standing-orders/${paused.standing.id}/resume`).expect(200);
    expect(resumed.body.paused).toBe(false);
    await jobAt(new Date(MONDAY.getTime() + 60_000));
    expect(await ordersOf(paused.doctor.user.id)).toHaveLength(1);
  });

  it('skips the date of an owner without a shipping address, with the reason in the audit log for administrators', async () => {
    const { doctor, standing } = await doctorWithStandingOrder();
    await db('shipping_addresses').where({ user_id: doctor.user.id }).delete();
    expect(await jobAt(MONDAY)).toMatchObject({ skipped: 1 });
    expect(await ordersOf(doctor.user.id)).toEqual([]);
    const [occurrence] = await db('standing_order_occurrences').where({ standing_order_id: standing.id });
    expect(occurrence).toMatchObject({
      status: 'skipped',
      order_id: null,
      reason: 'Add your shipping address in Settings before you order.',
    });
    const audit = await db('audit_events')
      .where({ action: 'standing_order.occurrence_skipped', target_id: standing.id })
      .first('outcome', 'details');
    expect(audit).toEqual({
      outcome: 'failure',
      details: { date: '2026-11-30', code: 'SHIPPING_ADDRESS_REQUIRED', reason: occurrence.reason },
    });
    const mails = await db('email_outbox').where({ to_address: doctor.user.email, template: 'standing-order-skipped' });
    expect(mails).toHaveLength(1);
  });
});

describe('standing orders set by an administrator for a ward location', () => {
  it("place the ward's orders as its nurse, delivered to the location; the nurse sees and may pause it, not change it", async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const ward = await insertDepartment(db, 'Ward 9');
    const [fluids] = await insertProducts(db, [{ title: 'IV fluid 500 mL', price: '2.25' }]);
    const location = await admin
      .post('/api/admin/locations')
      .send({ name: 'Ward 9 store room', department_id: ward.id, stock_list: [] })
      .expect(201);
    const nurse = await signedInAgent(app, db, ['nurse']);
    await putInDepartment(db, nurse.user.id, ward);
    const outsider = await signedInAgent(app, db, ['doctor']);
    const body = {
      name: 'Monday fluids for Ward 9',
      location_id: location.body.id,
      user_id: nurse.user.id,
      schedule: { kind: 'weekly', weekdays: [1] },
      start_date: '2026-11-01',
      end_date: null,
      lines: [{ asin: fluids!.asin, quantity: 24 }],
    };

    const refused = await admin
      .post('/api/admin/standing-orders')
      .send({ ...body, user_id: outsider.user.id })
      .expect(422);
    expect(refused.body.errors).toEqual({
      user_id: "is not an approved member of the location's department who may order",
    });
    const created = await admin.post('/api/admin/standing-orders').send(body).expect(201);
    expect(created.body).toMatchObject({
      name: 'Monday fluids for Ward 9',
      location_id: location.body.id,
      location_name: 'Ward 9 store room',
      user_id: nurse.user.id,
      requester_email: nurse.user.email,
      paused: false,
      lines: [{ asin: fluids!.asin, quantity: 24, title: 'IV fluid 500 mL' }],
    });
    // The record read back and written unchanged (react-admin's edit) saves and stays as it was.
    const read = await admin.get(`/api/admin/standing-orders/${created.body.id}`).expect(200);
    const written = await admin.put(`/api/admin/standing-orders/${created.body.id}`).send(read.body).expect(200);
    expect({ ...written.body, updated_at: null }).toEqual({ ...read.body, updated_at: null });
    const listed = await admin
      .get(`/api/admin/standing-orders?filter=${JSON.stringify({ location_id: location.body.id })}`)
      .expect(200);
    expect(listed.body.map((row: { id: string }) => row.id)).toEqual([created.body.id]);
    expect(listed.headers['content-range']).toBe('standing-orders 0-0/1');

    // The job on a Monday: one order as the nurse, for the location.
    expect(await jobAt(MONDAY)).toMatchObject({ ordered: expect.any(Number) });
    const [order] = await db('orders')
      .where({ user_id: nurse.user.id })
      .select('delivery_location', 'location_id', 'total_amount');
    expect(order).toEqual({
      delivery_location: 'Ward 9 store room',
      location_id: location.body.id,
      total_amount: '54.00',
    });

    const own = (await nurse.agent.get('/api/standing-orders').expect(200)).body.data;
    expect(own).toEqual([
      expect.objectContaining({ id: created.body.id, location: { id: location.body.id, name: 'Ward 9 store room' } }),
    ]);
    const changed = await nurse.agent
      .put(`/api/standing-orders/${created.body.id}`)
      .send({ ...body, location_id: undefined, user_id: undefined, name: 'Mine now' });
    expect(changed.status).toBe(403);
    expect(changed.body.code).toBe('STANDING_ORDER_SET_BY_ADMIN');
    await nurse.agent.post(`/api/standing-orders/${created.body.id}/pause`).expect(200);

    const updated = await admin
      .put(`/api/admin/standing-orders/${created.body.id}`)
      .send({ ...body, paused: true, lines: [{ asin: fluids!.asin, quantity: 12 }] })
      .expect(200);
    expect(updated.body).toMatchObject({
      paused: true,
      lines: [expect.objectContaining({ quantity: 12 })],
      next_date: null,
    });
    await nurse.agent.get('/api/admin/standing-orders').expect(403);
    await admin.get('/api/admin/standing-orders/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('offer as requesters only the location department’s approved members who may order, and refuse anyone else with 422', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const ward = await insertDepartment(db, 'Ward 12');
    const [gauze] = await insertProducts(db, [{ title: 'Gauze 4 x 4', price: '1.00' }]);
    const location = await admin
      .post('/api/admin/locations')
      .send({ name: 'Ward 12 par cart', department_id: ward.id, stock_list: [] })
      .expect(201);
    const nurse = await signedInAgent(app, db, ['nurse']);
    const doctor = await signedInAgent(app, db, ['doctor']);
    const finance = await signedInAgent(app, db, ['finance']);
    const unapproved = await signedInAgent(app, db, ['nurse']);
    for (const member of [nurse, doctor, finance, unapproved]) await putInDepartment(db, member.user.id, ward);
    await db('profiles').where({ user_id: unapproved.user.id }).update({ onboarding_approved: false });
    await signedInAgent(app, db, ['nurse']); // of no department

    const offered = await admin.get(`/api/admin/locations/${location.body.id}/standing-order-requesters`).expect(200);
    expect(offered.body.data.map((member: { id: string }) => member.id).sort()).toEqual(
      [nurse.user.id, doctor.user.id].sort(),
    );
    expect(offered.body.data[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      name: expect.anything(),
    });

    const refused = await admin
      .post('/api/admin/standing-orders')
      .send({
        name: 'Gauze',
        location_id: location.body.id,
        user_id: finance.user.id,
        schedule: { kind: 'weekly', weekdays: [1] },
        start_date: '2026-11-01',
        end_date: null,
        lines: [{ asin: gauze!.asin, quantity: 2 }],
      })
      .expect(422);
    expect(refused.body).toMatchObject({
      code: 'REQUESTER_NOT_IN_WARD',
      message: "The requester must be an approved member of Ward 12 par cart's department who may order for it.",
    });
    expect(await db('standing_orders').where({ location_id: location.body.id }).count({ n: '*' })).toEqual([{ n: 0 }]);

    await nurse.agent.get(`/api/admin/locations/${location.body.id}/standing-order-requesters`).expect(403);
    await admin.get('/api/admin/locations/00000000-0000-4000-8000-000000000000/standing-order-requesters').expect(404);
  });
});
