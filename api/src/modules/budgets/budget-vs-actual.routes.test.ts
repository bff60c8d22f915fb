import { randomBytes, randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import type { BudgetVsActual, BudgetVsActualRow } from '../../contracts/budgets.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { selectCompanyTimezone } from './budgets.queries.js';
import { budgetPeriodAt, budgetPeriodOfMonth, monthAt } from './budgets.rules.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

type Agent = ReturnType<typeof request.agent>;

async function newDepartment(admin: Agent, name: string, extra: Record<string, unknown> = {}) {
  const code = `BVA-${randomBytes(4).toString('hex').toUpperCase()}`;
  const created = await admin
    .post('/api/admin/departments')
    .send({ code, name, ...extra })
    .expect(201);
  return created.body as { id: string; code: string; budget_owner_ids: string[] };
}

function rowOf(report: BudgetVsActual, departmentId: string): BudgetVsActualRow | undefined {
  return report.rows.find((row) => row.department_id === departmentId);
}

describe('GET /api/admin/reports/budget-vs-actual', () => {
  it('answers amount, committed, spent, remaining and % used per department, a rejected order giving its money back', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const requester = await createTestUser(db, ['doctor']);
    const budgeted = await newDepartment(admin, 'Report ICU');
    const unbudgeted = await newDepartment(admin, 'Report Laundry');
    const yearly = await newDepartment(admin, 'Report Pharmacy');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: budgeted.id, period: 'month', amount: '1000.00', policy: 'stop' })
      .expect(201);
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: yearly.id, period: 'year', amount: '10000.00', policy: 'warn' })
      .expect(201);
    const timeZone = await selectCompanyTimezone(db);
    const month = budgetPeriodAt('month', new Date(), timeZone);
    const year = budgetPeriodAt('year', new Date(), timeZone);
    const order = (departmentId: string, status: string, total: string, createdAt = month.start) => ({
      user_id: requester.id,
      user_email: requester.email,
      department_id: departmentId,
      status,
      total_amount: total,
      created_at: createdAt,
      ...(status === 'rejected' ? { rejection_reason: 'Not needed' } : {}),
    });
    const [received] = await db('orders')
      .insert([
        order(budgeted.id, 'submitted', '300.00'),
        order(budgeted.id, 'pending', '100.00'),
        order(budgeted.id, 'approved', '50.00'),
        order(budgeted.id, 'failed', '20.00'),
        order(budgeted.id, 'rejected', '700.00'), // gives its money back at once
        order(unbudgeted.id, 'submitted', '80.00'),
        order(unbudgeted.id, 'pending', '15.00'),
        order(yearly.id, 'submitted', '600.00', year.start), // in the year, before this month
      ])
      .returning<{ id: string }[]>('id');
    // The submitted 300.00 order has lines of 2 × 100.00 and 1 × 100.00, of which 1 + 1 were received.
    await db('order_items').insert([
      {
        order_id: received!.id,
        line_number: 1,
        title: 'Pumps',
        asin: 'B0BVA00001',
        quantity: 2,
        unit_price: '100.00',
        total_price: '200.00',
      },
      {
        order_id: received!.id,
        line_number: 2,
        title: 'Lines',
        asin: 'B0BVA00002',
        quantity: 1,
        unit_price: '100.00',
        total_price: '100.00',
      },
    ]);
    const [receipt] = await db('order_receipts')
      .insert({ order_id: received!.id, received_by_label: 'Ward clerk' })
      .returning<{ id: string }[]>('id');
    await db('order_receipt_lines').insert([
      { receipt_id: receipt!.id, line_number: 1, quantity: 1 },
      { receipt_id: receipt!.id, line_number: 2, quantity: 1 },
    ]);

    const report = (await admin.get('/api/admin/reports/budget-vs-actual').expect(200)).body as BudgetVsActual;
    expect(report.month).toBe(monthAt(new Date(), timeZone));
    expect(rowOf(report, budgeted.id)).toEqual({
      department_id: budgeted.id,
      department_code: budgeted.code,
      department_name: 'Report ICU',
      period: 'month',
      period_label: budgetPeriodOfMonth('month', report.month, timeZone).label,
      period_start: month.start.toISOString(),
      period_end: month.end.toISOString(),
      amount: '1000.00',
      committed: '470.00',
      spent: '200.00', // the received value of the submitted order
      remaining: '530.00',
      used_percent: 47,
      policy: 'stop',
    });
    expect(rowOf(report, unbudgeted.id)).toMatchObject({
      period: 'month',
      amount: null,
      committed: '95.00',
      spent: '80.00',
      remaining: null,
      used_percent: null,
      policy: null,
    });
    expect(rowOf(report, yearly.id)).toMatchObject({
      period: 'year',
      period_label: year.label,
      period_start: year.start.toISOString(),
      committed: '600.00',
      spent: '600.00',
      remaining: '9400.00',
      used_percent: 6,
    });

    // The same sums as GET /api/me/budget and the submission check (one definition).
    await admin.put(`/api/admin/users/${requester.id}`).send({ department_id: budgeted.id }).expect(200);
    const own = request.agent(app);
    await own.post('/api/auth/login').send({ email: requester.email, password: TEST_PASSWORD }).expect(200);
    expect((await own.get('/api/me/budget').expect(200)).body).toMatchObject({
      committed: '470.00',
      spent: '200.00',
      remaining: '530.00',
    });
  });

  it('shows an earlier period when a month is chosen, and refuses a malformed one', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const requester = await createTestUser(db, ['doctor']);
    const department = await newDepartment(admin, 'Report Radiology');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '500.00', policy: 'warn' })
      .expect(201);
    const timeZone = await selectCompanyTimezone(db);
    const current = budgetPeriodAt('month', new Date(), timeZone);
    const previous = budgetPeriodAt('month', new Date(current.start.getTime() - 1), timeZone);
    await db('orders').insert([
      {
        user_id: requester.id,
        user_email: requester.email,
        department_id: department.id,
        status: 'submitted',
        total_amount: '125.00',
        created_at: previous.start,
      },
      {
        user_id: requester.id,
        user_email: requester.email,
        department_id: department.id,
        status: 'pending',
        total_amount: '10.00',
        created_at: current.start,
      },
    ]);
    const earlierMonth = monthAt(previous.start, timeZone);
    const earlier = (await admin.get('/api/admin/reports/budget-vs-actual').query({ month: earlierMonth }).expect(200))
      .body as BudgetVsActual;
    expect(earlier.month).toBe(earlierMonth);
    expect(rowOf(earlier, department.id)).toMatchObject({
      period_start: previous.start.toISOString(),
      period_end: current.start.toISOString(),
      committed: '125.00',
      spent: '125.00',
      remaining: '375.00',
      used_percent: 25,
    });
    const now = (await admin.get('/api/admin/reports/budget-vs-actual').expect(200)).body as BudgetVsActual;
    expect(rowOf(now, department.id)).toMatchObject({ committed: '10.00', spent: '0.00', used_percent: 2 });
    const refused = await admin.get('/api/admin/reports/budget-vs-actual').query({ month: '2026-13' }).expect(400);
    expect(refused.body.errors).toHaveProperty('month');
  });

  it('exports CSV with formula cells neutralised, for admin and finance; a doctor is refused', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const department = await newDepartment(admin, '=cmd|calc');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'quarter', amount: '250.00', policy: 'stop' })
      .expect(201);
    const { agent: finance } = await signedInAgent(app, db, ['finance']);
    const csv = await finance.get('/api/admin/report-exports/budget-vs-actual').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="budget-vs-actual-\d{4}-\d{2}\.csv"$/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      '"department_code","department_name","period","period_label","period_start","period_end","amount","committed","spent","remaining","used_percent","policy"',
    );
    const line = lines.find((candidate) => candidate.startsWith(`"${department.code}"`));
    expect(line).toContain(`"'=cmd|calc","quarter"`);
    expect(line).toContain('"250.00","0.00","0.00","250.00",0,"stop"');
    expect(
      await db('audit_events').where({ action: 'report.export', target_id: 'budget_vs_actual' }).count('* as count'),
    ).not.toEqual([{ count: 0 }]);

    await finance.get('/api/admin/reports/budget-vs-actual').expect(200);
    const { agent: doctor } = await signedInAgent(app, db, ['doctor']);
    await doctor.get('/api/admin/reports/budget-vs-actual').expect(403);
    await doctor.get('/api/admin/report-exports/budget-vs-actual').expect(403);
  });
});

describe('finance and budgets', () => {
  it('finance reads budgets and their history (200) but cannot create or change them (403)', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const department = await newDepartment(admin, 'Finance read probe');
    const other = await newDepartment(admin, 'Finance write probe');
    const budget = (
      await admin
        .post('/api/admin/budgets')
        .send({ department_id: department.id, period: 'month', amount: '100.00', policy: 'stop' })
        .expect(201)
    ).body as { id: string };
    const { agent: finance } = await signedInAgent(app, db, ['finance']);
    await finance.get('/api/admin/budgets').expect(200);
    const shown = await finance.get(`/api/admin/budgets/${budget.id}`).expect(200);
    await finance.get(`/api/admin/budgets/${budget.id}/history`).expect(200);
    const refusedEdit = await finance
      .put(`/api/admin/budgets/${budget.id}`)
      .send({ ...shown.body, amount: '1000000.00' })
      .expect(403);
    expect(refusedEdit.body.code).toBeDefined();
    await finance
      .post('/api/admin/budgets')
      .send({ department_id: other.id, period: 'month', amount: '1.00', policy: 'warn' })
      .expect(403);
    expect(await db('budgets').where({ id: budget.id }).first('amount')).toEqual({ amount: '100.00' });
    expect(await db('budgets').where({ department_id: other.id }).first()).toBeUndefined();
  });
});

describe('budget owners', () => {
  it('are set on the department, read back as budget_owner_ids, and an unknown account is refused', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const [first, second] = [await createTestUser(db, ['nurse']), await createTestUser(db, ['doctor'])];
    const department = await newDepartment(admin, 'Owner probe', { budget_owner_ids: [first.id] });
    expect(department.budget_owner_ids).toEqual([first.id]);
    const record = (await admin.get(`/api/admin/departments/${department.id}`).expect(200)).body;
    const saved = await admin
      .put(`/api/admin/departments/${department.id}`)
      .send({ ...record, budget_owner_ids: [second.id] })
      .expect(200);
    expect(saved.body.budget_owner_ids).toEqual([second.id]);
    const unknown = await admin
      .put(`/api/admin/departments/${department.id}`)
      .send({ ...record, budget_owner_ids: [randomUUID()] })
      .expect(404);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
    expect((await admin.get(`/api/admin/departments/${department.id}`).expect(200)).body.budget_owner_ids).toEqual([
      second.id,
    ]);
    expect(
      await db('audit_events')
        .where({ action: 'department.budget_owners', target_id: department.id })
        .count('* as count'),
    ).toEqual([{ count: 1 }]);
  });

  it('receive the threshold alert with finance, once per period', async () => {
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const owner = await createTestUser(db, ['nurse']);
    const { user: financeUser } = await signedInAgent(app, db, ['finance']);
    const department = await newDepartment(admin, 'Owner alert probe', { budget_owner_ids: [owner.id] });
    const requester = await createTestUser(db, ['doctor']);
    await admin.put(`/api/admin/users/${requester.id}`).send({ department_id: department.id }).expect(200);
    const agent = request.agent(app);
    await agent.post('/api/auth/login').send({ email: requester.email, password: TEST_PASSWORD }).expect(200);
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '100.00', policy: 'warn' })
      .expect(201);
    const [kits] = await insertProducts(db, [{ title: 'Kits', price: '45.00' }]);
    const submit = () =>
      agent
        .post('/api/orders')
        .set('Idempotency-Key', `owners-${randomUUID()}`)
        .send({ lines: [{ asin: kits!.asin, quantity: 1 }] })
        .expect(201);
    const alertsTo = (email: string) =>
      db('email_outbox')
        .where({ to_address: email, template: 'budget-alert' })
        .whereLike('subject', '%Owner alert probe%')
        .pluck('subject');
    await submit(); // 45 %
    expect(await alertsTo(owner.email)).toEqual([]);
    await submit(); // 90 %: crosses the default 80 %
    expect(await alertsTo(owner.email)).toHaveLength(1);
    expect(await alertsTo(financeUser.email)).toHaveLength(1);
    expect((await alertsTo(owner.email))[0]).toMatch(/^Budget alert: Owner alert probe has committed 90% of its/);
    await submit(); // 135 %: already alerted this period
    expect(await alertsTo(owner.email)).toHaveLength(1);
    expect(await alertsTo(financeUser.email)).toHaveLength(1);
  });
});
