import { randomBytes, randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import type { Role } from '../../contracts/roles.rules.js';
import { saveApprovalLevels } from '../../test-support/approval-levels.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { setAutoApproval, signedInAgent } from '../../test-support/http-test-app.js';

// Per-user limits: a per-order limit adds one approval level, a monthly limit is
// refused under stop and flagged under warn; the cart reads both from GET /api/me/budget.
const testbed = useFulfilmentTestbed();
const db = () => testbed.database.db;
const agentOf = (roles: Role[]) => signedInAgent(testbed.app, db(), roles);
type Agent = Awaited<ReturnType<typeof agentOf>>;

const setLevels = (levels: { threshold: number; roles: Role[] }[]) => saveApprovalLevels(testbed.app, db(), levels);

/** A requester (a doctor with an address) and the admin who manages the account. */
async function requesterWithLimits(limits: { order_limit?: string | null; monthly_limit?: string | number | null }) {
  const admin = await agentOf(['admin']);
  const requester = await agentOf(['doctor']);
  await requester.agent
    .put('/api/me/shipping-address')
    .send({ full_name: 'Ward 7', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
    .expect(200);
  const record = (await admin.agent.get(`/api/admin/users/${requester.user.id}`).expect(200)).body;
  await admin.agent
    .put(`/api/admin/users/${requester.user.id}`)
    .send({ ...record, ...limits })
    .expect(200);
  return { admin, requester };
}

async function departmentFor(admin: Agent, userId: string, budget?: { amount: string; policy: 'stop' | 'warn' }) {
  const code = `L-${randomBytes(4).toString('hex').toUpperCase()}`;
  const name = `Limits ${code}`;
  const department = (await admin.agent.post('/api/admin/departments').send({ code, name }).expect(201)).body as {
    id: string;
  };
  await admin.agent.put(`/api/admin/users/${userId}`).send({ department_id: department.id }).expect(200);
  if (budget) {
    await admin.agent
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', ...budget })
      .expect(201);
  }
  return { ...department, name };
}

async function product(price: string) {
  const [inserted] = await insertProducts(db(), [{ title: `Limit item ${randomUUID().slice(0, 6)}`, price }]);
  return inserted!;
}

function submit(requester: Agent, asin: string, quantity = 1, key = `limit-${randomUUID()}`) {
  return requester.agent
    .post('/api/orders')
    .set('Idempotency-Key', key)
    .send({ lines: [{ asin, quantity }] });
}

async function sandboxCount(orderNumber: string): Promise<number> {
  const list = (await (await fetch(`${testbed.baseUrl}/sandbox/supplier/orders`)).json()) as
    { data?: { order_id: string }[] } | { order_id: string }[];
  const rows = Array.isArray(list) ? list : (list.data ?? []);
  return rows.filter((row) => row.order_id === orderNumber).length;
}

describe('per-user limits on the records of /api/admin/users', () => {
  it('sets, answers and clears both limits; the record sent back unchanged changes nothing; bad amounts are 400', async () => {
    const { admin, requester } = await requesterWithLimits({ order_limit: '250', monthly_limit: 500 });
    const url = `/api/admin/users/${requester.user.id}`;
    const record = (await admin.agent.get(url).expect(200)).body;
    expect(record).toMatchObject({ order_limit: '250.00', monthly_limit: '500.00' });
    const audits = () => db()('audit_events').where({ action: 'user.limits', target_id: requester.user.id });
    expect(await audits().select('details')).toEqual([
      {
        details: {
          before: { order_limit: null, monthly_limit: null },
          after: { order_limit: '250.00', monthly_limit: '500.00' },
        },
      },
    ]);
    expect((await admin.agent.put(url).send(record).expect(200)).body).toEqual(record);
    expect(await audits().count('* as n')).toEqual([{ n: 1 }]);

    const refused = await admin.agent
      .put(url)
      .send({ ...record, order_limit: '-1', monthly_limit: 'lots' })
      .expect(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['monthly_limit', 'order_limit']);
    const cleared = await admin.agent
      .put(url)
      .send({ ...record, order_limit: null })
      .expect(200);
    expect(cleared.body).toMatchObject({ order_limit: null, monthly_limit: '500.00' });
    const { agent: finance } = await agentOf(['finance']);
    await finance.put(url).send(record).expect(403);
  });
});

describe('a per-order limit needs one extra approval level', () => {
  it('by the highest level’s roles, from a third person; recorded at submission; then sent once', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance', 'admin'] },
    ]);
    const { admin, requester } = await requesterWithLimits({ order_limit: '1000.00' });
    const item = await product('1500.00');
    const order = (await submit(requester, item.asin).expect(201)).body as { id: string; order_number: string };
    // A later edit of the user does not change what the pending order needs.
    const record = (await admin.agent.get(`/api/admin/users/${requester.user.id}`).expect(200)).body;
    await admin.agent
      .put(`/api/admin/users/${requester.user.id}`)
      .send({ ...record, order_limit: null })
      .expect(200);

    const [first, finance, third] = await Promise.all([agentOf(['admin']), agentOf(['finance']), agentOf(['admin'])]);
    const pending = (await first.agent.get(`/api/admin/orders/${order.id}`).expect(200)).body;
    expect(pending).toMatchObject({ order_limit: '1000.00', over_limit: false, over_budget: false });
    expect(pending.approval.waiting_for).toEqual([
      { level: 1, threshold: '0.00', roles: ['admin'] },
      { level: 2, threshold: '1000.00', roles: ['finance', 'admin'] },
      { level: 3, threshold: '1000.00', roles: ['finance', 'admin'] },
    ]);
    await first.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    await finance.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    const inboxOf = async (who: Agent) =>
      ((await who.agent.get('/api/admin/approvals').expect(200)).body as { id: string }[]).map((row) => row.id);
    // Level 3 waits in the inbox of a third approver, not of the two who approved already.
    expect(await inboxOf(third)).toContain(order.id);
    expect(await inboxOf(finance)).not.toContain(order.id);
    const again = await finance.agent.post(`/api/admin/orders/${order.id}/approve`).expect(403);
    expect(again.body).toMatchObject({
      code: 'APPROVAL_ALREADY_GIVEN',
      message: 'You already approved this order at level 2: level 3 needs a different approver.',
    });
    expect(await sandboxCount(order.order_number)).toBe(0);
    const last = await third.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(last.body.order).toMatchObject({ status: 'submitted', order_limit: '1000.00' });
    expect(
      await db()('order_approvals').where({ order_id: order.id }).orderBy('level').pluck('approver_user_id'),
    ).toEqual([first.user.id, finance.user.id, third.user.id]);
    expect(await sandboxCount(order.order_number)).toBe(1);
  });

  it('an order within the per-order limit needs only the configured levels', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const { requester } = await requesterWithLimits({ order_limit: '100.00' });
    const order = (await submit(requester, (await product('100.00')).asin).expect(201)).body as { id: string };
    const { agent } = await agentOf(['admin']);
    const approved = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(approved.body.order.status).toBe('submitted');
  });
});

describe('auto-approval and the per-order limit', () => {
  it('the system stands in for the first level only: an order over the limit still waits for the extra level', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const { admin, requester } = await requesterWithLimits({ order_limit: '10.00' });
    const automation = (isOn: boolean) => setAutoApproval(admin.agent, isOn);
    await automation(true);
    try {
      const order = (await submit(requester, (await product('20.00')).asin).expect(201)).body as { id: string };
      const approvals = () => db()('order_approvals').where({ order_id: order.id }).select('level', 'approver_label');
      for (let tries = 0; tries < 50 && (await approvals()).length === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await approvals()).toEqual([{ level: 1, approver_label: 'system' }]);
      const pending = (await admin.agent.get(`/api/admin/orders/${order.id}`).expect(200)).body;
      expect(pending.status).toBe('pending');
      expect(pending.approval.waiting_for).toEqual([{ level: 2, threshold: '10.00', roles: ['admin'] }]);
      const approved = await admin.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
      expect(approved.body.order.status).toBe('submitted');
    } finally {
      await automation(false);
    }
  });
});

describe('a monthly limit', () => {
  it('without a department budget it is stop: the order over it is a 422 the nurse understands, and nothing is written', async () => {
    const { requester } = await requesterWithLimits({ monthly_limit: '50.00' });
    const gauze = await product('30.00');
    await submit(requester, gauze.asin).expect(201);
    await requester.agent
      .put('/api/cart')
      .send({ items: [{ asin: gauze.asin, quantity: 1 }] })
      .expect(200);
    const key = `limit-${randomUUID()}`;
    const refused = await submit(requester, gauze.asin, 1, key).expect(422);
    expect(refused.body).toMatchObject({
      code: 'MONTHLY_LIMIT_EXCEEDED',
      message: 'This order would take you over your monthly limit of $50.00: $20.00 remains this month.',
      details: { monthly_limit: '50.00', remaining: '20.00' },
    });
    expect(await db()('orders').where({ user_id: requester.user.id }).count('* as n')).toEqual([{ n: 1 }]);
    expect(await db()('idempotency_keys').where({ user_id: requester.user.id, key }).first()).toBeUndefined();
    expect(await db()('cart_items').where({ user_id: requester.user.id }).count('* as n')).toEqual([{ n: 1 }]);
    // Exactly what remains is within the limit.
    await submit(requester, (await product('20.00')).asin).expect(201);
  });

  it('under a stop budget five concurrent orders never take the user past the limit', async () => {
    const { admin, requester } = await requesterWithLimits({ monthly_limit: '25.00' });
    await departmentFor(admin, requester.user.id, { amount: '100000.00', policy: 'stop' });
    const swabs = await product('10.00');
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(requester, swabs.asin)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422, 422, 422]);
  });

  it('under a warn budget lets the order through, flagged to approvers as over the monthly limit (and over budget)', async () => {
    const { admin, requester } = await requesterWithLimits({ monthly_limit: '50.00' });
    await departmentFor(admin, requester.user.id, { amount: '70.00', policy: 'warn' });
    const masks = await product('30.00');
    const within = (await submit(requester, masks.asin).expect(201)).body as { id: string };
    const overLimit = (await submit(requester, masks.asin).expect(201)).body as { id: string };
    const overBoth = (await submit(requester, masks.asin).expect(201)).body as { id: string };
    const flags = async (id: string) => {
      const order = (await admin.agent.get(`/api/admin/orders/${id}`).expect(200)).body;
      return [order.over_limit, order.over_budget];
    };
    expect(await flags(within.id)).toEqual([false, false]);
    expect(await flags(overLimit.id)).toEqual([true, false]);
    expect(await flags(overBoth.id)).toEqual([true, true]);
    const inbox = (await admin.agent.get('/api/admin/approvals').expect(200)).body as {
      id: string;
      over_limit: boolean;
    }[];
    expect(inbox.find((row) => row.id === overLimit.id)).toMatchObject({ over_limit: true });
  });
});

describe('GET /api/me/budget tells the cart what an order will need', () => {
  it('for a user without a department: no budget figures, the levels, the limits and this month’s committed', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance', 'admin'] },
    ]);
    const { requester } = await requesterWithLimits({ order_limit: '400.00', monthly_limit: '900.00' });
    await submit(requester, (await product('120.00')).asin).expect(201);
    const answer = (await requester.agent.get('/api/me/budget').expect(200)).body;
    expect(answer).toEqual({
      department: null,
      period_start: null,
      period_end: null,
      amount: null,
      committed: null,
      spent: null,
      remaining: null,
      policy: null,
      approval_levels: [
        { level: 1, threshold: '0.00', roles: ['admin'] },
        { level: 2, threshold: '1000.00', roles: ['finance', 'admin'] },
      ],
      order_limit: '400.00',
      monthly_limit: '900.00',
      monthly_committed: '120.00',
      monthly_remaining: '780.00',
      monthly_policy: 'stop',
    });
  });

  it('for a user with a budget: its figures and policy, and no limits', async () => {
    const { admin, requester } = await requesterWithLimits({});
    const department = await departmentFor(admin, requester.user.id, { amount: '500.00', policy: 'warn' });
    const answer = (await requester.agent.get('/api/me/budget').expect(200)).body;
    expect(answer).toMatchObject({
      department: department.name,
      amount: '500.00',
      remaining: '500.00',
      policy: 'warn',
      order_limit: null,
      monthly_limit: null,
      monthly_committed: '0.00',
      monthly_remaining: null,
      monthly_policy: 'warn',
    });
  });
});
