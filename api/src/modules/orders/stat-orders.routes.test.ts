import { randomUUID } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import {
  STAT_REASON_REQUIRED_MESSAGE,
  STAT_REASON_TOO_LONG_MESSAGE,
  STAT_REASON_TOO_SHORT_MESSAGE,
  statReasonProblem,
} from '../../contracts/stat-orders.js';
import type { Role } from '../../contracts/roles.js';
import { saveApprovalLevels } from '../../test-support/approval-levels.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { closeTestApp, createTestApp, movableClock, signedInAgent } from '../../test-support/http-test-app.js';
import { insertDepartment, putInDepartment } from '../../test-support/location-fixtures.js';
import { testConfig, testContext } from '../../test-support/test-context.js';
import { validateWithXmllint } from '../../test-support/xmllint.js';
import { readOrderFulfilment } from '../fulfilment/fulfilment.service.js';
import { sendDueSandboxDocuments } from '../sandbox-supplier/sandbox-documents.service.js';
import { localDate } from '../standing-orders/standing-order-schedule.rules.js';

const testbed = useFulfilmentTestbed();
type Agent = ReturnType<typeof request.agent>;

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A doctor with a ship-to, in `department` when given. */
async function requester(department?: { id: string; name: string }) {
  const signedIn = await signedInAgent(testbed.app, testbed.database.db, ['doctor']);
  if (department) await putInDepartment(testbed.database.db, signedIn.user.id, department);
  await signedIn.agent
    .put('/api/me/shipping-address')
    .send({ full_name: 'Ward 7', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
    .expect(200);
  return signedIn;
}

async function product(price: string) {
  const [row] = await insertProducts(testbed.database.db, [{ title: `Saline ${randomUUID().slice(0, 6)}`, price }]);
  return row!;
}

function order(agent: Agent, asin: string, quantity: number, urgent?: unknown) {
  return agent
    .post('/api/orders')
    .set('Idempotency-Key', `stat-${randomUUID()}`)
    .send({ lines: [{ asin, quantity }], ...(urgent === undefined ? {} : { urgent }) });
}

async function adminAgent(): Promise<Agent> {
  return (await signedInAgent(testbed.app, testbed.database.db, ['admin'])).agent;
}

/** The automation settings with `stat_auto_approve_under` (ordinary auto-approval off unless `ordinaryUnder` is given). */
function setStatAutoApproval(admin: Agent, amount: number | null, ordinaryUnder: number | null = null) {
  return admin
    .put('/api/admin/settings/automation')
    .send({
      auto_sync_daily: true,
      email_notifications_new_orders: false,
      auto_approve_enabled: ordinaryUnder !== null,
      auto_approve_under_amount: ordinaryUnder ?? 100,
      stat_auto_approve_under: amount,
    })
    .expect(200);
}

// Tests change the shared automation and approval-level settings: whatever they set, and however
// they end, the next test starts from the settings as they were.
let savedSettings: { automation: Record<string, unknown>; levels: { threshold: string; roles: Role[] }[] };
beforeEach(async () => {
  const admin = await adminAgent();
  const automation = (await admin.get('/api/admin/settings/automation').expect(200)).body;
  const { levels } = (await admin.get('/api/admin/settings/approval-levels').expect(200)).body as {
    levels: { threshold: string; roles: Role[] }[];
  };
  savedSettings = { automation, levels };
});
afterEach(async () => {
  const admin = await adminAgent();
  const { automation, levels } = savedSettings;
  await admin
    .put('/api/admin/settings/automation')
    .send({
      auto_sync_daily: automation.auto_sync_daily,
      email_notifications_new_orders: automation.email_notifications_new_orders,
      auto_approve_enabled: automation.auto_approve_enabled,
      auto_approve_under_amount: automation.auto_approve_under_amount,
      stat_auto_approve_under: automation.stat_auto_approve_under,
    })
    .expect(200);
  await admin
    .put('/api/admin/settings/approval-levels')
    .send({ levels: levels.map(({ threshold, roles }) => ({ threshold, roles })) })
    .expect(200);
});

async function companyTimezone(): Promise<string> {
  const { rows } = await testbed.database.db.raw<{ rows: { timezone: string }[] }>(
    'SELECT report_company_timezone() AS timezone',
  );
  return rows[0]!.timezone;
}

async function statusOf(orderId: string): Promise<string> {
  return (await testbed.database.db('orders').where({ id: orderId }).first('status')).status as string;
}

/** Waits for the work after a submission (auto-approval, the approvers' mails) to finish. */
async function afterSubmissionDone(orderId: string): Promise<void> {
  await waitFor(async () => {
    const row = await testbed.database.db('orders').where({ id: orderId }).first('status', 'approvers_notified_level');
    return row.approvers_notified_level !== null || row.status !== 'pending';
  });
}

describe('POST /api/orders with urgent: { reason } (a STAT order)', () => {
  it.each([
    ['no reason', {}, STAT_REASON_REQUIRED_MESSAGE],
    ['an empty reason', { reason: '   ' }, STAT_REASON_REQUIRED_MESSAGE],
    ['a reason of 2 characters', { reason: 'ab' }, STAT_REASON_TOO_SHORT_MESSAGE],
    ['a reason of 201 characters', { reason: 'x'.repeat(201) }, STAT_REASON_TOO_LONG_MESSAGE],
  ])('with %s answers 400 naming urgent.reason, and writes nothing', async (_case, urgent, message) => {
    const doctor = await requester();
    const item = await product('5.00');
    const refused = await order(doctor.agent, item.asin, 1, urgent).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'urgent.reason': message } });
    expect(await testbed.database.db('orders').where({ user_id: doctor.user.id }).first()).toBeUndefined();
  });

  it('counts a reason in characters as the storefront’s form does: 150 emoji are taken, 2 are too short', async () => {
    const doctor = await requester();
    const item = await product('5.00');
    const long = '🩸'.repeat(150);
    expect(statReasonProblem(long)).toBeNull();
    const taken = await order(doctor.agent, item.asin, 1, { reason: long }).expect(201);
    expect(taken.body.urgent_reason).toBe(long);
    expect(statReasonProblem('🩸🩸')).toBe(STAT_REASON_TOO_SHORT_MESSAGE);
    const refused = await order(doctor.agent, item.asin, 1, { reason: '🩸🩸' }).expect(400);
    expect(refused.body.errors['urgent.reason']).toBe(STAT_REASON_TOO_SHORT_MESSAGE);
  });

  it('with a reason that names a patient answers 422 PHI_IN_SUPPLIER_TEXT for the STAT reason, and writes nothing', async () => {
    const doctor = await requester();
    const item = await product('5.00');
    const refused = await order(doctor.agent, item.asin, 1, { reason: 'For MRN 4455667 in bay 3' }).expect(422);
    expect(refused.body.code).toBe('PHI_IN_SUPPLIER_TEXT');
    expect(refused.body.message).toMatch(/^STAT reason: /);
    expect(await testbed.database.db('orders').where({ user_id: doctor.user.id }).first()).toBeUndefined();
  });

  it('answers is_urgent and the trimmed reason; a plain order answers false and null; both in GET /api/orders', async () => {
    const doctor = await requester();
    const item = await product('5.00');
    const stat = await order(doctor.agent, item.asin, 1, { reason: '  Ran out of saline  ' }).expect(201);
    expect(stat.body).toMatchObject({ is_urgent: true, urgent_reason: 'Ran out of saline', priority: 'urgent' });
    const plain = await order(doctor.agent, item.asin, 1).expect(201);
    expect(plain.body).toMatchObject({ is_urgent: false, urgent_reason: null, priority: 'normal' });
    const listed = await doctor.agent.get('/api/orders').expect(200);
    const byId = new Map(listed.body.data.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(stat.body.id)).toMatchObject({ is_urgent: true, urgent_reason: 'Ran out of saline' });
    expect(byId.get(plain.body.id)).toMatchObject({ is_urgent: false, urgent_reason: null });
  });
});

describe('a STAT order comes first', () => {
  it('GET /api/admin/approvals and GET /api/admin/orders list waiting STAT orders before the others, whatever the sort', async () => {
    const admin = await adminAgent();
    await saveApprovalLevels(testbed.app, testbed.database.db, [{ threshold: 0, roles: ['admin'] }]);
    await setStatAutoApproval(admin, null);
    const doctor = await requester();
    const item = await product('5.00');
    const older = await order(doctor.agent, item.asin, 1).expect(201);
    const stat = await order(doctor.agent, item.asin, 2, { reason: 'Crash cart empty' }).expect(201);
    const newer = await order(doctor.agent, item.asin, 3).expect(201);

    for (const url of [
      '/api/admin/approvals?sort=["created_at","ASC"]&range=[0,199]',
      '/api/admin/approvals?sort=["created_at","DESC"]&range=[0,199]',
      '/api/admin/orders?sort=["created_at","DESC"]&range=[0,199]&filter={"status":"pending"}',
    ]) {
      const listed = (await admin.get(url).expect(200)).body as { id: string; is_urgent: boolean }[];
      const ids = listed.map((row) => row.id);
      expect(ids.indexOf(stat.body.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(stat.body.id)).toBeLessThan(ids.indexOf(older.body.id));
      expect(ids.indexOf(stat.body.id)).toBeLessThan(ids.indexOf(newer.body.id));
      const firstPlain = listed.findIndex((row) => !row.is_urgent);
      expect(listed.slice(firstPlain).some((row) => row.is_urgent)).toBe(false);
    }
    // The second page of the orders list goes on where the first stopped, STAT orders not repeated.
    const pageOne = (await admin.get('/api/admin/orders?sort=["created_at","DESC"]&range=[0,1]').expect(200)).body;
    const pageTwo = (await admin.get('/api/admin/orders?sort=["created_at","DESC"]&range=[2,3]').expect(200)).body;
    const all = (await admin.get('/api/admin/orders?sort=["created_at","DESC"]&range=[0,3]').expect(200)).body;
    expect([...pageOne, ...pageTwo].map((row: { id: string }) => row.id)).toEqual(
      all.map((row: { id: string }) => row.id),
    );
  });
});

describe('a STAT order is approved under its own threshold, never past a budget', () => {
  it('under stat_auto_approve_under is approved by the system and sent; over it, or not STAT, it waits', async () => {
    const admin = await adminAgent();
    await saveApprovalLevels(testbed.app, testbed.database.db, [{ threshold: 0, roles: ['admin'] }]);
    const saved = await setStatAutoApproval(admin, 50);
    expect(saved.body.stat_auto_approve_under).toBe('50.00');
    const doctor = await requester();
    const item = await product('20.00');
    const under = await order(doctor.agent, item.asin, 2, { reason: 'Ran out of saline' }).expect(201);
    const plain = await order(doctor.agent, item.asin, 2).expect(201);
    const over = await order(doctor.agent, item.asin, 3, { reason: 'Ran out of saline' }).expect(201);
    await waitFor(async () => (await statusOf(under.body.id)) === 'submitted');
    const approval = await testbed.database.db('order_approvals').where({ order_id: under.body.id }).first();
    expect(approval).toMatchObject({ level: 1, approver_label: 'system' });
    await afterSubmissionDone(plain.body.id);
    await afterSubmissionDone(over.body.id);
    expect(await statusOf(plain.body.id)).toBe('pending');
    expect(await statusOf(over.body.id)).toBe('pending');
  });

  it('over a stop budget is refused with a message naming who can raise it; over a warn budget it waits for a person', async () => {
    const admin = await adminAgent();
    await saveApprovalLevels(testbed.app, testbed.database.db, [{ threshold: 0, roles: ['admin'] }]);
    await setStatAutoApproval(admin, 1000);
    const item = await product('20.00');

    const stopWard = await insertDepartment(testbed.database.db, 'ICU');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: stopWard.id, period: 'month', amount: '30', policy: 'stop' })
      .expect(201);
    const stopDoctor = await requester(stopWard);
    const refused = await order(stopDoctor.agent, item.asin, 2, { reason: 'Ran out of saline' }).expect(422);
    expect(refused.body.code).toBe('BUDGET_EXCEEDED');
    expect(refused.body.message).toMatch(/: \$30\.00 remains\. Only an administrator can raise the budget\.$/);
    expect(await testbed.database.db('orders').where({ user_id: stopDoctor.user.id }).first()).toBeUndefined();

    const warnWard = await insertDepartment(testbed.database.db, 'ER');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: warnWard.id, period: 'month', amount: '30', policy: 'warn' })
      .expect(201);
    const warnDoctor = await requester(warnWard);
    const overBudget = await order(warnDoctor.agent, item.asin, 2, { reason: 'Ran out of saline' }).expect(201);
    await afterSubmissionDone(overBudget.body.id);
    expect(await statusOf(overBudget.body.id)).toBe('pending');
  });

  it('with the ordinary auto-approval on too, no order over a warn budget or a monthly limit is approved by the system', async () => {
    const db = testbed.database.db;
    const admin = await adminAgent();
    await saveApprovalLevels(testbed.app, db, [{ threshold: 0, roles: ['admin'] }]);
    // Both thresholds far above the orders: only the spend flags can keep them waiting.
    await setStatAutoApproval(admin, 1000, 1000);
    const item = await product('20.00');
    const warnWard = await insertDepartment(db, 'PICU');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: warnWard.id, period: 'month', amount: '30', policy: 'warn' })
      .expect(201);
    const doctor = await requester(warnWard);
    const within = await order(doctor.agent, item.asin, 1).expect(201);
    const overBudgetStat = await order(doctor.agent, item.asin, 2, { reason: 'Ran out of saline' }).expect(201);
    const overBudgetPlain = await order(doctor.agent, item.asin, 2).expect(201);

    // Over the requester's monthly limit under the warn budget (a roomy one), the same.
    const roomyWard = await insertDepartment(db, 'NICU');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: roomyWard.id, period: 'month', amount: '100000', policy: 'warn' })
      .expect(201);
    const limited = await requester(roomyWard);
    await db('profiles').where({ user_id: limited.user.id }).update({ monthly_limit: '30.00' });
    const overLimitStat = await order(limited.agent, item.asin, 2, { reason: 'Ran out of saline' }).expect(201);
    const overLimitPlain = await order(limited.agent, item.asin, 2).expect(201);

    await waitFor(async () => (await statusOf(within.body.id)) === 'submitted');
    for (const waiting of [overBudgetStat, overBudgetPlain, overLimitStat, overLimitPlain]) {
      await afterSubmissionDone(waiting.body.id);
      expect(await statusOf(waiting.body.id)).toBe('pending');
      expect(await db('order_approvals').where({ order_id: waiting.body.id }).first()).toBeUndefined();
    }
    const flags = await db('orders')
      .whereIn('id', [overBudgetStat.body.id, overLimitStat.body.id])
      .orderBy('display_seq')
      .select('over_budget', 'over_limit');
    expect(flags).toEqual([
      { over_budget: true, over_limit: false },
      { over_budget: false, over_limit: true },
    ]);
  });

  it('PUT /api/admin/settings/automation refuses an unusable STAT amount with a clear message and changes nothing', async () => {
    const admin = await adminAgent();
    await setStatAutoApproval(admin, 75);
    const body = {
      auto_sync_daily: true,
      email_notifications_new_orders: false,
      auto_approve_enabled: false,
      auto_approve_under_amount: 100,
    };
    const zero = await admin.put('/api/admin/settings/automation').send({ ...body, stat_auto_approve_under: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.stat_auto_approve_under).toMatch(/at least \$0\.01/);
    const text = await admin.put('/api/admin/settings/automation').send({ ...body, stat_auto_approve_under: 'soon' });
    expect(text.status).toBe(400);
    expect(text.body.errors.stat_auto_approve_under).toBe('Enter an amount such as 250.00');
    expect((await admin.get('/api/admin/settings/automation').expect(200)).body.stat_auto_approve_under).toBe('75.00');
    // Left out, the saved amount stays; '' turns it off.
    await admin.put('/api/admin/settings/automation').send(body).expect(200);
    expect((await admin.get('/api/admin/settings/automation').expect(200)).body.stat_auto_approve_under).toBe('75.00');
    const off = await admin.put('/api/admin/settings/automation').send({ ...body, stat_auto_approve_under: '' });
    expect(off.body.stat_auto_approve_under).toBeNull();
  });
});

describe('the supplier is asked for the earliest delivery', () => {
  it('the OrderRequest has requestedDeliveryDate on each ItemOut and a priority Extrinsic, DTD-valid; the sandbox ships next-day at once', async () => {
    const db = testbed.database.db;
    const admin = await adminAgent();
    await saveApprovalLevels(testbed.app, db, [{ threshold: 0, roles: ['admin'] }]);
    await setStatAutoApproval(admin, null);
    const doctor = await requester();
    const [first, second] = await insertProducts(db, [
      { title: `Saline ${randomUUID().slice(0, 6)}`, price: '4.00' },
      { title: `Gauze ${randomUUID().slice(0, 6)}`, price: '2.00' },
    ]);
    const stat = await doctor.agent
      .post('/api/orders')
      .set('Idempotency-Key', `stat-${randomUUID()}`)
      .send({
        lines: [
          { asin: first!.asin, quantity: 4 },
          { asin: second!.asin, quantity: 6 },
        ],
        urgent: { reason: 'Ward ran out & needs it <today>' },
      })
      .expect(201);
    const approvedAt = new Date();
    await admin.post(`/api/admin/orders/${stat.body.id}/approve`).expect(200);
    expect(await statusOf(stat.body.id)).toBe('submitted');

    const log = await db('ab_logs').where({ order_id: stat.body.id, status: 'success' }).first('request_xml');
    const xml = log.request_xml as string;
    // The day it is sent on the company's calendar, not UTC's.
    const today = localDate(approvedAt, await companyTimezone());
    expect(xml.match(/<ItemOut [^>]*requestedDeliveryDate="(\d{4}-\d{2}-\d{2})"/g)).toHaveLength(2);
    expect(xml).toContain(`requestedDeliveryDate="${today}"`);
    expect(xml).toContain('<Extrinsic name="Priority">STAT</Extrinsic>');
    expect(xml).toContain('<Extrinsic name="PriorityReason">Ward ran out &amp; needs it &lt;today&gt;</Extrinsic>');
    expect(validateWithXmllint(xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });

    // The sandbox supplier confirms and ships it at once (not after its usual delays), for tomorrow.
    const payload = (await db('orders').where({ id: stat.body.id }).first('payload_id')).payload_id as string;
    const planned = await db('sandbox_supplier_documents')
      .where({ order_payload_id: payload })
      .whereNot({ kind: 'invoice' })
      .orderBy('id');
    expect(planned.map((row) => [row.kind, row.is_next_day, row.due_at <= new Date()])).toEqual([
      ['confirmation', true, true],
      ['ship_notice', true, true],
    ]);
    const ctx = testContext(db, { config: testConfig({ PUBLIC_URL: testbed.baseUrl }) });
    const sentNow = async () => {
      await db('sandbox_supplier_documents').whereNot({ order_payload_id: payload }).update({ sent_at: new Date() });
      return sendDueSandboxDocuments(ctx);
    };
    expect(await sentNow()).toEqual({ sent: 1, failed: 0 });
    expect(await sentNow()).toEqual({ sent: 1, failed: 0 });
    const fulfilment = (await readOrderFulfilment(db, stat.body.id, new Date()))!;
    expect(fulfilment.fulfilment_status).toBe('shipped');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(fulfilment.expected_delivery_date?.slice(0, 10)).toBe(tomorrow);
    const documents = await db('inbound_documents')
      .where({ order_id: stat.body.id })
      .orderBy('id')
      .select('document_type', 'raw_document');
    expect(documents.map((document) => document.document_type)).toEqual(['ConfirmationRequest', 'ShipNoticeRequest']);
    for (const document of documents) expect(document.raw_document).toContain('next-day delivery');
  });
});

describe('the requested delivery date is the company’s date', () => {
  it('sent at 02:30 UTC, a New York company asks for delivery on its own date (the day before UTC’s)', async () => {
    const db = testbed.database.db;
    const { timezone: savedZone } = await db('company_settings').where({ id: 1 }).first('timezone');
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    const today = new Date();
    // Earlier today in UTC, and still yesterday in New York (UTC-4 or -5).
    const clock = movableClock(
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 2, 30)),
    );
    const port = new URL(testbed.baseUrl).port;
    const app = createTestApp(db, {
      now: clock.now,
      env: { PUBLIC_URL: testbed.baseUrl, SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${port}` },
    });
    try {
      await saveApprovalLevels(app, db, [{ threshold: 0, roles: ['admin'] }]);
      const doctor = await signedInAgent(app, db, ['doctor']);
      const item = await product('6.00');
      const stat = await order(doctor.agent, item.asin, 1, { reason: 'Night shift ran out' }).expect(201);
      const admin = (await signedInAgent(app, db, ['admin'])).agent;
      await admin.post(`/api/admin/orders/${stat.body.id}/approve`).expect(200);
      expect(await statusOf(stat.body.id)).toBe('submitted');
      const log = await db('ab_logs').where({ order_id: stat.body.id, status: 'success' }).first('request_xml');
      const newYorkDate = localDate(clock.now(), 'America/New_York');
      expect(newYorkDate).not.toBe(clock.now().toISOString().slice(0, 10));
      expect(log.request_xml).toContain(`requestedDeliveryDate="${newYorkDate}"`);
    } finally {
      await closeTestApp(app);
      await db('company_settings').where({ id: 1 }).update({ timezone: savedZone });
    }
  });
});

describe('GET /api/reports/stat-orders', () => {
  it('counts STAT orders by department and reason (reasons alike but for case and spaces together), as JSON and CSV', async () => {
    const db = testbed.database.db;
    const ward = await insertDepartment(db, 'Oncology');
    const doctor = await requester(ward);
    const item = await product('3.00');
    await order(doctor.agent, item.asin, 1, { reason: 'Ran out of saline' }).expect(201);
    await order(doctor.agent, item.asin, 2, { reason: '  ran OUT of   saline ' }).expect(201);
    await order(doctor.agent, item.asin, 1, { reason: 'Code blue' }).expect(201);
    await order(doctor.agent, item.asin, 5).expect(201);

    const finance = (await signedInAgent(testbed.app, db, ['finance'])).agent;
    const answer = await finance.get('/api/reports/stat-orders').expect(200);
    expect(answer.headers['server-timing']).toMatch(/^report;dur=/);
    expect(answer.body.ok).toBe(true);
    const report = answer.body.data;
    expect(report.rows.filter((row: { department: string }) => row.department === ward.name)).toEqual([
      expect.objectContaining({ reason: 'Ran out of saline', orders: 2, total_amount: '9.00' }),
      expect.objectContaining({ reason: 'Code blue', orders: 1, total_amount: '3.00' }),
    ]);
    expect(report.by_department).toContainEqual({ department: ward.name, orders: 3, total_amount: '12.00' });
    expect(report.total_orders).toBeGreaterThanOrEqual(3);

    const past = await finance.get('/api/reports/stat-orders?from=2020-01-01&to=2020-01-31').expect(200);
    expect(past.body.data).toMatchObject({ from: '2020-01-01', to: '2020-01-31', total_orders: 0, rows: [] });

    const csv = await finance.get('/api/reports/stat-orders?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\n')[0]).toBe('"department","reason","orders","total_amount","last_ordered_at"');
    expect(csv.text).toContain(`"${ward.name}","Ran out of saline",2,"9.00"`);
    const audit = await db('audit_events').where({ action: 'report.export', target_id: 'stat_orders' }).first();
    expect(audit).toMatchObject({ target_type: 'report', details: expect.objectContaining({ slice: 'stat_orders' }) });
  });

  it('answers 401 signed out, 403 to a doctor, and 400 with a clear message to a bad range', async () => {
    await request(testbed.app).get('/api/reports/stat-orders').expect(401);
    const doctor = await requester();
    await doctor.agent.get('/api/reports/stat-orders').expect(403);
    const admin = await adminAgent();
    const badDate = await admin.get('/api/reports/stat-orders?from=yesterday').expect(400);
    expect(badDate.body).toMatchObject({ code: 'REPORT_INVALID_RANGE' });
    expect(badDate.body.errors.from).toBe('from must be a date in the form YYYY-MM-DD.');
    const backwards = await admin.get('/api/reports/stat-orders?from=2026-02-01&to=2026-01-01').expect(400);
    expect(backwards.body).toMatchObject({
      code: 'REPORT_INVALID_RANGE',
      message: 'The start date must be on or before the end date.',
    });
  });
});
