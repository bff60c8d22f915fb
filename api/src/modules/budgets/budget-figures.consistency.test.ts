import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import request from 'supertest';

import type { Budget, BudgetVsActual, MyBudget } from '../../contracts/budgets.js';
import type { DashboardCards } from '../../contracts/reports.js';
import {
  closeTestApp,
  createTestApp,
  createTestUser,
  signedInAgent,
  TEST_PASSWORD,
} from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { readDemoData, seedDemoData } from '../demo/demo.service.js';
import { selectCompanyTimezone } from './budgets.queries.js';
import { budgetPeriodAt } from './budgets.rules.js';

type Agent = ReturnType<typeof request.agent>;

/**
 * What a department has committed this month, read where each role reads it: the requester's cart
 * budget panel (GET /api/me/budget), the back office's budgets list, the Budget vs actual report and
 * the dashboard's spend by department (with its total) — and, as the reference, order_budget_cost()
 * summed straight over the orders.
 */
describe('one definition of what an order costs its department', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: Agent;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
    admin = (await signedInAgent(app, database.db, ['admin'])).agent;
  });
  afterAll(async () => {
    await closeTestApp(app);
    await database.drop();
  });

  async function monthBudgetFor(departmentId: string): Promise<void> {
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: departmentId, period: 'month', amount: '1000000.00', policy: 'warn' })
      .expect(201);
  }

  /** The month's committed total of a department, from order_budget_cost() over its orders. */
  async function referenceCommitted(departmentId: string): Promise<string> {
    const month = budgetPeriodAt('month', new Date(), await selectCompanyTimezone(database.db));
    const { rows } = await database.db.raw<{ rows: { committed: string }[] }>(
      `SELECT COALESCE(sum(order_budget_cost(o)), 0)::numeric(14, 2)::text AS committed FROM orders o
       WHERE o.department_id = ? AND o.created_at >= ? AND o.created_at < ?`,
      [departmentId, month.start, month.end],
    );
    return rows[0]!.committed;
  }

  async function figuresOf(requester: Agent, departmentId: string) {
    const mine = (await requester.get('/api/me/budget').expect(200)).body as MyBudget;
    const listed = await admin
      .get('/api/admin/budgets')
      .query({ filter: JSON.stringify({ department_id: departmentId }) })
      .expect(200);
    const report = (await admin.get('/api/admin/reports/budget-vs-actual').expect(200)).body as BudgetVsActual;
    const dashboard = (await admin.get('/api/reports/dashboard').expect(200)).body as { data: DashboardCards };
    return {
      cartBudgetPanel: mine.committed,
      budgetsList: (listed.body as Budget[])[0]?.committed,
      budgetVsActual: report.rows.find((row) => row.department_id === departmentId)?.committed,
      dashboard: dashboard.data.department_spend.rows.find((row) => row.department_id === departmentId)?.committed,
      orders: await referenceCommitted(departmentId),
    };
  }

  /** The dashboard's total against order_budget_cost() over every listed department's month. */
  async function expectDashboardTotalMatchesOrders(): Promise<void> {
    const dashboard = (await admin.get('/api/reports/dashboard').expect(200)).body as { data: DashboardCards };
    const { rows, total_committed } = dashboard.data.department_spend;
    expect(rows.every((row) => row.period === 'month')).toBe(true);
    let cents = 0;
    for (const row of rows) cents += Math.round(Number(await referenceCommitted(row.department_id)) * 100);
    expect(total_committed).toBe((cents / 100).toFixed(2));
  }

  function expectAllEqual(figures: Record<string, string | null | undefined>): void {
    const expected = figures.orders;
    expect(figures).toEqual({
      cartBudgetPanel: expected,
      budgetsList: expected,
      budgetVsActual: expected,
      dashboard: expected,
      orders: expected,
    });
  }

  it('agrees on the seeded demo data, which charges every order to its requester’s department', async () => {
    // The seed dates its orders over the days before its "now": early in a month that would be last
    // month, and the comparison below of zeros only. Seeded as of the month's 11th at the earliest,
    // its orders fall in the month the screens read (some after today, which no figure minds).
    const month = budgetPeriodAt('month', new Date(), await selectCompanyTimezone(database.db));
    const seededAt = new Date(Math.max(Date.now(), new Date(month.start).getTime() + 10 * 24 * 3_600_000));
    const ctx = testContext(database.db, { now: () => seededAt });
    await seedDemoData(ctx);
    const data = await readDemoData(ctx);
    const requesters = await database
      .db('users as u')
      .join('profiles as p', 'p.user_id', 'u.id')
      .whereIn('u.id', database.db('orders').distinct('user_id'))
      .select<{ email: string; department_id: string | null }[]>('u.email', 'p.department_id');
    expect(requesters.length).toBeGreaterThan(1);
    const departments = new Set(requesters.map((requester) => requester.department_id));
    expect(departments.has(null)).toBe(false);
    for (const departmentId of departments) await monthBudgetFor(departmentId!);

    let committedSomewhere = false;
    for (const requester of requesters) {
      const agent = request.agent(app);
      await agent.post('/api/auth/login').send({ email: requester.email, password: data.password }).expect(200);
      const figures = await figuresOf(agent, requester.department_id!);
      expectAllEqual(figures);
      if (Number(figures.orders) > 0) committedSomewhere = true;
    }
    // The seed writes this month's orders too, so the comparison is not of zeros only.
    expect(committedSomewhere).toBe(true);
    await expectDashboardTotalMatchesOrders();
  });

  it('agrees on random orders in every status, in and out of the month', async () => {
    const timeZone = await selectCompanyTimezone(database.db);
    const month = budgetPeriodAt('month', new Date(), timeZone);
    const orderArbitrary = fc.record({
      status: fc.constantFrom('pending', 'approved', 'submitted', 'failed', 'rejected'),
      cents: fc.integer({ min: 1, max: 500_000 }),
      // Hours from the month's start: some before it, most in it, some after it.
      hoursFromStart: fc.integer({ min: -72, max: 24 * 40 }),
      isQa: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(orderArbitrary, { minLength: 1, maxLength: 12 }), async (orders) => {
        const code = `CON-${randomBytes(4).toString('hex').toUpperCase()}`;
        const created = await admin
          .post('/api/admin/departments')
          .send({ code, name: `Ward ${code}` })
          .expect(201);
        const departmentId = (created.body as { id: string }).id;
        await monthBudgetFor(departmentId);
        const requester = await createTestUser(database.db, ['doctor']);
        await database.db('profiles').where({ user_id: requester.id }).update({ department_id: departmentId });
        await database.db('orders').insert(
          orders.map((order) => ({
            user_id: requester.id,
            user_email: requester.email,
            department_id: departmentId,
            status: order.status,
            total_amount: (order.cents / 100).toFixed(2),
            is_qa: order.isQa,
            created_at: new Date(month.start.getTime() + order.hoursFromStart * 3_600_000),
            ...(order.status === 'rejected' ? { rejection_reason: 'Not needed' } : {}),
          })),
        );
        const agent = request.agent(app);
        await agent.post('/api/auth/login').send({ email: requester.email, password: TEST_PASSWORD }).expect(200);
        expectAllEqual(await figuresOf(agent, departmentId));
        await expectDashboardTotalMatchesOrders();
      }),
      { numRuns: 8 },
    );
  });
});
