import { describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { findJob } from '../../jobs/registry.js';
import { runJob } from '../../jobs/run-job.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { insertDepartment, putInDepartment } from '../../test-support/location-fixtures.js';
import { testConfig, testContext } from '../../test-support/test-context.js';

const testbed = useFulfilmentTestbed();
const db = () => testbed.database.db;

const DAY_MS = 86_400_000;

/** The company's today, as the service counts days. */
async function companyToday(): Promise<string> {
  const { rows } = await db().raw<{ rows: { today: string }[] }>(
    `SELECT to_char((now() AT TIME ZONE report_company_timezone())::date, 'YYYY-MM-DD') AS today`,
  );
  return rows[0]!.today;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

async function receiveLot(order: SentOrder, line: number, quantity: number, lot: string, expiry: string) {
  await order.requester.agent
    .post(`/api/orders/${order.id}/receipts`)
    .send({ lines: [{ line_number: line, quantity, lot, expiry_date: expiry }], confirm_short_shelf_life: true })
    .expect(201);
}

async function asinOf(orderId: string, line: number): Promise<string> {
  return (await db()('order_items').where({ order_id: orderId, line_number: line }).first('asin')).asin as string;
}

/**
 * An order received in lots expiring in 40 days (then recalled), in 10 days, 5 days ago and in
 * 200 days; with `locationId`, delivered to that ward location.
 */
async function receivedOrder(prefix: string, locationId?: string) {
  const today = await companyToday();
  const order = await testbed.sentOrder([10, 4]);
  if (locationId) await db()('orders').where({ id: order.id }).update({ location_id: locationId });
  await receiveLot(order, 1, 2, `${prefix}-40`, addDays(today, 40));
  await receiveLot(order, 1, 3, `${prefix}-10`, addDays(today, 10));
  await receiveLot(order, 1, 1, `${prefix}-EXP`, addDays(today, -5));
  await receiveLot(order, 2, 4, `${prefix}-FAR`, addDays(today, 200));
  const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
  await admin
    .post('/api/admin/recalls/notify')
    .send({ code: await asinOf(order.id, 1), lot: `${prefix}-40` })
    .expect(200);
  return { order, today };
}

/** A ward department with one location, and a member of it signed in. */
async function wardWithMember() {
  const department = await insertDepartment(db());
  const [location] = await db()('locations')
    .insert({ name: `Par cart ${department.name}`, department_id: department.id })
    .returning<{ id: string; name: string }[]>(['id', 'name']);
  const member = await signedInAgent(testbed.app, db(), ['nurse']);
  await putInDepartment(db(), member.user.id, department);
  return { department, location: location!, member };
}

type Lot = { lot: string | null; order_number: string; [key: string]: unknown };
const lotsOf = (body: { data: Lot[] }, order: SentOrder) =>
  body.data.filter((lot) => lot.order_number === order.order_number);

describe('GET /api/admin/expiring', () => {
  it('answers 401 signed out, 403 to doctors and finance, 200 to logistics admins and admins', async () => {
    await request(testbed.app).get('/api/admin/expiring').expect(401);
    for (const role of ['doctor', 'finance', 'nurse'] as const) {
      const { agent } = await signedInAgent(testbed.app, db(), [role]);
      expect((await agent.get('/api/admin/expiring').expect(403)).body.code).toBe('FORBIDDEN');
    }
    for (const role of ['logistics_admin', 'admin'] as const) {
      const { agent } = await signedInAgent(testbed.app, db(), [role]);
      const answer = await agent.get('/api/admin/expiring').expect(200);
      expect(answer.body).toMatchObject({ within_days: 90, today: await companyToday() });
    }
  });

  it('refuses a within_days out of 1–730 or not a whole number with one clear 400', async () => {
    const { agent } = await signedInAgent(testbed.app, db(), ['logistics_admin']);
    for (const value of ['0', '731', 'abc', '1.5', '-3', '']) {
      const answer = await agent.get('/api/admin/expiring').query({ within_days: value }).expect(400);
      expect(answer.body).toMatchObject({
        code: 'EXPIRING_QUERY_INVALID',
        message: 'within_days must be a whole number of days from 1 to 730.',
        errors: { within_days: 'within_days must be a whole number of days from 1 to 730.' },
      });
    }
    expect((await agent.get('/api/admin/expiring').query({ sort: 'lot' }).expect(400)).body.code).toBe(
      'EXPIRING_QUERY_INVALID',
    );
    await agent.get('/api/admin/expiring').query({ within_days: '730' }).expect(200);
  });

  it('lists the lots soonest first within the window, expired and recalled ones marked', async () => {
    const { order, today } = await receivedOrder('LA');
    const { agent } = await signedInAgent(testbed.app, db(), ['logistics_admin']);

    const ninety = lotsOf((await agent.get('/api/admin/expiring').expect(200)).body, order);
    expect(ninety).toEqual([
      expect.objectContaining({
        lot: 'LA-EXP',
        expiry_date: addDays(today, -5),
        days_left: -5,
        is_expired: true,
        is_recalled: false,
        quantity: 1,
      }),
      expect.objectContaining({ lot: 'LA-10', days_left: 10, is_expired: false, is_recalled: false, quantity: 3 }),
      expect.objectContaining({ lot: 'LA-40', days_left: 40, is_expired: false, is_recalled: true, quantity: 2 }),
    ]);
    expect(ninety[0]).toMatchObject({
      location: '1 Dock Rd, Boston, MA',
      received_by: order.requester.user.email,
      order_number: order.order_number,
      location_id: null,
    });

    const year = lotsOf((await agent.get('/api/admin/expiring').query({ within_days: 365 }).expect(200)).body, order);
    expect(year.map((lot) => lot.lot)).toEqual(['LA-EXP', 'LA-10', 'LA-40', 'LA-FAR']);
    // Three days: nothing expires that soon, and the lot that expired 5 days ago is past the window.
    const three = lotsOf((await agent.get('/api/admin/expiring').query({ within_days: 3 }).expect(200)).body, order);
    expect(three).toEqual([]);
  });

  it('exports the list as CSV with a header and one row per lot, and records the export', async () => {
    const { order, today } = await receivedOrder('LC');
    const { agent } = await signedInAgent(testbed.app, db(), ['admin']);
    const csv = await agent.get('/api/admin/expiring/export').query({ within_days: 60 }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`expiring-stock-${today}-60d.csv`);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      '"lot","asin","title","expiry_date","days_left","status","quantity","location","department","received_by","received_at","order_number"',
    );
    const ours = lines.filter((line) => line.includes(order.order_number));
    expect(ours).toHaveLength(3);
    expect(ours[0]).toMatch(
      new RegExp(`^"LC-EXP",".+",".+","${addDays(today, -5)}",-5,"expired",1,"1 Dock Rd, Boston, MA"`),
    );
    expect(ours[2]).toMatch(/^"LC-40",.*,40,"recalled",2,/);
    expect(await db()('audit_events').where({ action: 'expiring_stock.export' }).first()).toBeDefined();
  });

  it('answers at most 200 lots, the soonest, with the total in the window; the CSV has them all', async () => {
    // Expiring in 700 days: past the 90-day lists and the 60-day digest of the other tests.
    const { order, today } = await receivedOrder('LM');
    const [line] = await db()('order_receipt_lines as l')
      .join('order_receipts as r', 'r.id', 'l.receipt_id')
      .where('r.order_id', order.id)
      .select('l.receipt_id', 'l.line_number');
    await db()('order_receipt_lines').insert(
      Array.from({ length: 201 }, (_, index) => ({
        ...line,
        quantity: 1,
        lot: `LM-MANY-${index}`,
        expiry_date: addDays(today, 700),
      })),
    );
    const { agent } = await signedInAgent(testbed.app, db(), ['logistics_admin']);
    const list = (await agent.get('/api/admin/expiring').query({ within_days: 730 }).expect(200)).body;
    expect(list.data).toHaveLength(200);
    expect(list.total).toBeGreaterThan(200);
    expect(list.data.at(-1).expiry_date >= list.data[0].expiry_date).toBe(true);

    const csv = await agent.get('/api/admin/expiring/export').query({ within_days: 730 }).expect(200);
    expect(csv.text.trim().split('\n')).toHaveLength(list.total + 1);
  });
});

describe('GET /api/locations/:id/expiring', () => {
  it("shows a department's members their location's lots, with CSV, and no one else's", async () => {
    const ward = await wardWithMember();
    const { order, today } = await receivedOrder('LL', ward.location.id);
    const elsewhere = await receivedOrder('LX');
    const path = `/api/locations/${ward.location.id}/expiring`;

    await request(testbed.app).get(path).expect(401);
    const list = (await ward.member.agent.get(path).expect(200)).body;
    expect(list.data.map((lot: Lot) => lot.lot)).toEqual(['LL-EXP', 'LL-10', 'LL-40']);
    expect(list.data[0]).toMatchObject({ location: ward.location.name, location_id: ward.location.id });
    expect(lotsOf(list, elsewhere.order)).toEqual([]);
    expect((await ward.member.agent.get(path).query({ within_days: 'x' }).expect(400)).body.code).toBe(
      'EXPIRING_QUERY_INVALID',
    );

    const csv = await ward.member.agent.get(`${path}/export`).expect(200);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toContain('"lot","asin","title","expiry_date"');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['"LL-EXP"', '"LL-10"', '"LL-40"']);
    expect(lines[1]).toContain(`"${addDays(today, -5)}",-5,"expired",1,"${ward.location.name}"`);

    // A member of another ward sees her own location, never this one.
    const other = await wardWithMember();
    expect((await other.member.agent.get(path).expect(404)).body.code).toBe('LOCATION_NOT_FOUND');
    await other.member.agent.get(`${path}/export`).expect(404);
    const theirs = (await other.member.agent.get(`/api/locations/${other.location.id}/expiring`).expect(200)).body;
    expect(lotsOf(theirs, order)).toEqual([]);
  });

  it('answers 404 to a logistics admin of another department, whose view of every lot is the admin list', async () => {
    const ward = await wardWithMember();
    const { order } = await receivedOrder('LG', ward.location.id);
    const otherDepartment = await insertDepartment(db());
    const logistics = await signedInAgent(testbed.app, db(), ['logistics_admin']);
    await putInDepartment(db(), logistics.user.id, otherDepartment);
    const path = `/api/locations/${ward.location.id}/expiring`;

    expect((await logistics.agent.get(path).expect(404)).body.code).toBe('LOCATION_NOT_FOUND');
    await logistics.agent.get(`${path}/export`).expect(404);
    const everything = (await logistics.agent.get('/api/admin/expiring').expect(200)).body;
    expect(lotsOf(everything, order).map((lot) => lot.lot)).toEqual(['LG-EXP', 'LG-10', 'LG-40']);
  });
});

describe('the expiry-digest job', () => {
  it('runs Mondays at 07:00 and mails logistics every lot and each member the lots at their locations, once each', async () => {
    const job = findJob('expiry-digest')!;
    expect(job).toMatchObject({ schedule: '0 7 * * 1', runAtStartup: false });
    const ward = await wardWithMember();
    const quietWard = await wardWithMember();
    const { order } = await receivedOrder('LD', ward.location.id);
    const elsewhere = await receivedOrder('LE');
    const logistics = await signedInAgent(testbed.app, db(), ['logistics_admin']);
    const ctx = testContext(db(), { config: testConfig({ PUBLIC_URL: testbed.baseUrl }) });

    const run = await runJob(ctx, job, 'manual');
    expect(run.outcome).toBe('success');
    const mailsTo = (email: string) => db()('email_outbox').where({ template: 'expiry-digest', to_address: email });

    const [memberMail, ...more] = await mailsTo(ward.member.user.email);
    expect(more).toHaveLength(0);
    expect(memberMail.subject).toBe('Expiring soon: 3 lots at your locations within 60 days');
    const memberText = memberMail.text_body as string;
    expect(memberText.indexOf('lot LD-EXP')).toBeLessThan(memberText.indexOf('lot LD-10'));
    expect(memberText.indexOf('lot LD-10')).toBeLessThan(memberText.indexOf('lot LD-40'));
    expect(memberText).toMatch(/\(Expired 5 days ago\) EXPIRED\n/);
    expect(memberText).toMatch(/\(Expires in 40 days\) RECALLED\n/);
    expect(memberText).toContain(`at ${ward.location.name}, received by ${order.requester.user.email}`);
    expect(memberText).toContain(`${ward.location.name}: ${testbed.baseUrl}/locations/${ward.location.id}`);
    expect(memberText).not.toContain('LD-FAR');
    expect(memberText).not.toContain('LE-');

    expect(await mailsTo(quietWard.member.user.email)).toHaveLength(0);

    const [logisticsMail, ...again] = await mailsTo(logistics.user.email);
    expect(again).toHaveLength(0);
    const logisticsText = logisticsMail.text_body as string;
    expect(logisticsText).toContain('lot LD-10');
    expect(logisticsText).toContain(`lot LE-10`);
    expect(logisticsText).toContain(`(order ${elsewhere.order.order_number})`);
    expect(logisticsText).toContain(`See the whole list: ${testbed.baseUrl}/admin/expiring-stock`);
  });

  it('sends nothing when nothing expires within 60 days', async () => {
    await receivedOrder('LN');
    const before = await db()('email_outbox').where({ template: 'expiry-digest' }).count<{ count: string }[]>();
    const farFuture = new Date('2199-01-05T12:00:00Z');
    const ctx = testContext(db(), { config: testConfig({ PUBLIC_URL: testbed.baseUrl }), now: () => farFuture });
    const run = await runJob(ctx, findJob('expiry-digest')!, 'manual');
    expect(run).toMatchObject({ outcome: 'success', counts: { lots: 0, mails: 0 } });
    const after = await db()('email_outbox').where({ template: 'expiry-digest' }).count<{ count: string }[]>();
    expect(after[0]!.count).toBe(before[0]!.count);
  });
});
