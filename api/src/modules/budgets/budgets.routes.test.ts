import { randomBytes, randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { budgetPeriodAt } from './budgets.rules.js';
import { selectCompanyTimezone } from './budgets.queries.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

type Agent = ReturnType<typeof request.agent>;

async function adminAgent(): Promise<Agent> {
  return (await signedInAgent(app, db, ['admin'])).agent;
}

/** A department of the test's own with a requester (a doctor) in it. */
async function departmentWithRequester(admin: Agent, name: string) {
  const code = `B-${randomBytes(4).toString('hex').toUpperCase()}`;
  const department = (await admin.post('/api/admin/departments').send({ code, name }).expect(201)).body as {
    id: string;
  };
  const requester = await createTestUser(db, ['doctor']);
  await admin.put(`/api/admin/users/${requester.id}`).send({ department_id: department.id }).expect(200);
  const agent = request.agent(app);
  await agent.post('/api/auth/login').send({ email: requester.email, password: TEST_PASSWORD }).expect(200);
  return { department, requester, agent };
}

function submit(agent: Agent, asin: string, quantity: number, key = `budget-${randomUUID()}`) {
  return agent
    .post('/api/orders')
    .set('Idempotency-Key', key)
    .send({ lines: [{ asin, quantity }] });
}

describe('/api/admin/budgets', () => {
  it('sets one budget per department, changes it with its history kept, and lets finance read only', async () => {
    const admin = await adminAgent();
    const { department } = await departmentWithRequester(admin, 'Radiology');
    const created = await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '5000', policy: 'stop' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      department_id: department.id,
      department_name: 'Radiology',
      period: 'month',
      amount: '5000.00',
      committed: '0.00',
      spent: '0.00',
      remaining: '5000.00',
      policy: 'stop',
      alert_threshold: 80,
      used_percent: 0,
    });
    const again = await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'year', amount: '1', policy: 'warn' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BUDGET_EXISTS');

    const changed = await admin
      .put(`/api/admin/budgets/${created.body.id}`)
      .send({ ...created.body, period: 'quarter', amount: '12000.50', policy: 'warn', alert_threshold: 90 })
      .expect(200);
    expect(changed.body).toMatchObject({ period: 'quarter', amount: '12000.50', policy: 'warn', alert_threshold: 90 });
    const history = await admin.get(`/api/admin/budgets/${created.body.id}/history`).expect(200);
    expect(history.body.map((change: { amount: string; period: string }) => [change.period, change.amount])).toEqual([
      ['month', '5000.00'],
      ['quarter', '12000.50'],
    ]);

    const { agent: finance } = await signedInAgent(app, db, ['finance']);
    const listed = await finance
      .get('/api/admin/budgets')
      .query({ filter: JSON.stringify({ department_id: department.id }) })
      .expect(200);
    expect(listed.headers['content-range']).toBe('budgets 0-0/1');
    expect(listed.body[0].id).toBe(created.body.id);
    await finance.put(`/api/admin/budgets/${created.body.id}`).send(changed.body).expect(403);
    const { agent: doctor } = await signedInAgent(app, db, ['doctor']);
    await doctor.get('/api/admin/budgets').expect(403);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const admin = await adminAgent();
    const { department } = await departmentWithRequester(admin, 'Dermatology');
    const refused = await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'week', amount: '-5', policy: 'maybe', alert_threshold: 0 })
      .expect(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['alert_threshold', 'amount', 'period', 'policy']);
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: '00000000-0000-4000-8000-000000000000', period: 'month', amount: '1', policy: 'stop' })
      .expect(404);
    expect(await db('budgets').where({ department_id: department.id }).count('* as count')).toEqual([{ count: 0 }]);
  });
});

describe('GET /api/me/budget and the submission check', () => {
  it('counts the period’s pending, approved, submitted and failed orders, on both sides of its edges', async () => {
    const admin = await adminAgent();
    const { department, requester, agent } = await departmentWithRequester(admin, 'Cardiac ICU');
    // No budget yet: the department, and the budget's figures null.
    expect((await agent.get('/api/me/budget').expect(200)).body).toMatchObject({
      department: 'Cardiac ICU',
      amount: null,
      remaining: null,
      policy: null,
      monthly_policy: 'stop',
    });
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '1000.00', policy: 'stop' })
      .expect(201);
    const window = budgetPeriodAt('month', new Date(), await selectCompanyTimezone(db));
    const order = (status: string, total: string, createdAt: Date) => ({
      user_id: requester.id,
      user_email: requester.email,
      department_id: department.id,
      status,
      total_amount: total,
      created_at: createdAt,
    });
    const lastSecond = new Date(Math.min(window.end.getTime() - 1000, Date.now() - 1000));
    await db('orders').insert([
      order('pending', '100.00', window.start), // the first instant of the period
      order('approved', '50.00', lastSecond),
      order('submitted', '200.00', window.start),
      order('failed', '25.00', window.start),
      { ...order('rejected', '999.00', window.start), rejection_reason: 'Not needed' }, // gives its money back
      order('submitted', '400.00', new Date(window.start.getTime() - 1)), // the last instant of the period before
      { ...order('pending', '300.00', window.start), is_qa: true }, // QA orders never count
    ]);
    const mine = await agent.get('/api/me/budget').expect(200);
    expect(mine.body).toMatchObject({
      department: 'Cardiac ICU',
      period_start: window.start.toISOString(),
      period_end: window.end.toISOString(),
      amount: '1000.00',
      committed: '375.00',
      spent: '200.00',
      remaining: '625.00',
      policy: 'stop',
    });
  });

  it('under stop refuses an order over what remains with the nurse’s message, writes nothing, and takes exactly what remains', async () => {
    const admin = await adminAgent();
    const { department, requester, agent } = await departmentWithRequester(admin, 'ICU');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '100.00', policy: 'stop' })
      .expect(201);
    const [gloves] = await insertProducts(db, [{ title: 'Gloves', price: '20.00' }]);
    await submit(agent, gloves!.asin, 3).expect(201); // 60.00 committed, 40.00 remains
    await agent
      .put('/api/cart')
      .send({ items: [{ asin: gloves!.asin, quantity: 3 }] })
      .expect(200);
    const key = `budget-${randomUUID()}`;
    const refused = await submit(agent, gloves!.asin, 3, key).expect(422);
    const month = budgetPeriodAt('month', new Date(), await selectCompanyTimezone(db)).label;
    expect(refused.body).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      message: `This order exceeds the ICU budget for ${month}: $40.00 remains. Only an administrator can raise the budget.`,
      details: { department: 'ICU', remaining: '40.00' },
    });
    expect(await db('orders').where({ user_id: requester.id }).count('* as count')).toEqual([{ count: 1 }]);
    expect(await db('idempotency_keys').where({ user_id: requester.id, key }).first()).toBeUndefined();
    expect(await db('cart_items').where({ user_id: requester.id }).count('* as count')).toEqual([{ count: 1 }]);
    await submit(agent, gloves!.asin, 2).expect(201); // exactly the 40.00 that remains
    expect((await agent.get('/api/me/budget').expect(200)).body).toMatchObject({
      committed: '100.00',
      remaining: '0.00',
    });
  });

  it('under warn lets the order through, flagged on the order', async () => {
    const admin = await adminAgent();
    const { department, agent } = await departmentWithRequester(admin, 'Pharmacy');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'year', amount: '10.00', policy: 'warn' })
      .expect(201);
    const [saline] = await insertProducts(db, [{ title: 'Saline', price: '8.00' }]);
    const within = await submit(agent, saline!.asin, 1).expect(201);
    const over = await submit(agent, saline!.asin, 1).expect(201);
    expect(
      await db('orders').whereIn('id', [within.body.id, over.body.id]).orderBy('display_seq').pluck('over_budget'),
    ).toEqual([false, true]);
    expect((await agent.get('/api/me/budget').expect(200)).body).toMatchObject({
      committed: '16.00',
      remaining: '-6.00',
    });
  });

  it('never takes a department below zero under 20 concurrent submissions against the last dollars', async () => {
    const admin = await adminAgent();
    const { department, requester, agent } = await departmentWithRequester(admin, 'Oncology');
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '45.00', policy: 'stop' })
      .expect(201);
    const [swabs] = await insertProducts(db, [{ title: 'Swabs', price: '10.00' }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(agent, swabs!.asin, 1)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 422)).toHaveLength(16);
    const totals: { total: string }[] = await db('orders')
      .where({ user_id: requester.id })
      .sum('total_amount as total');
    expect(totals).toEqual([{ total: '40.00' }]);
    expect((await agent.get('/api/me/budget').expect(200)).body).toMatchObject({ remaining: '5.00' });
  });

  it('e-mails finance once per period when an order crosses the alert threshold', async () => {
    const admin = await adminAgent();
    const { department, agent } = await departmentWithRequester(admin, 'Neonatal');
    const { user: financeUser } = await signedInAgent(app, db, ['finance']);
    const budget = await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '100.00', policy: 'warn', alert_threshold: 50 })
      .expect(201);
    const [masks] = await insertProducts(db, [{ title: 'Masks', price: '30.00' }]);
    const alerts = () =>
      db('email_outbox')
        .where({ to_address: financeUser.email, template: 'budget-alert' })
        .select('subject', 'text_body');
    await submit(agent, masks!.asin, 1).expect(201); // 30 %
    expect(await alerts()).toEqual([]);
    await submit(agent, masks!.asin, 1).expect(201); // 60 %: crosses 50 %
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Budget alert: Neonatal has committed 60% of its \w+ budget$/);
    await submit(agent, masks!.asin, 2).expect(201); // 120 %: already alerted this period
    expect(await alerts()).toHaveLength(1);
    expect(await db('budget_alerts').where({ budget_id: budget.body.id }).count('* as count')).toEqual([{ count: 1 }]);
  });
});
