import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import type { Role } from '../../contracts/roles.rules.js';
import { saveApprovalLevels } from '../../test-support/approval-levels.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const testbed = useFulfilmentTestbed();

/** The levels, as an administrator saves them. */
const setLevels = (levels: { threshold: number | string; roles: Role[] }[]) =>
  saveApprovalLevels(testbed.app, testbed.database.db, levels);

/** A pending order of `total` dollars (one line), by a new requester with an address. */
async function pendingOrder(total: number, requester?: Agent) {
  const [product] = await insertProducts(testbed.database.db, [
    { title: `Levels item ${randomUUID().slice(0, 6)}`, price: total.toFixed(2) },
  ]);
  const who = requester ?? (await signedInAgent(testbed.app, testbed.database.db, ['doctor']));
  await who.agent
    .put('/api/me/shipping-address')
    .send({ full_name: 'Ward 7', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
    .expect(200);
  const order = await who.agent
    .post('/api/orders')
    .set('Idempotency-Key', `k-${randomUUID()}`)
    .send({ lines: [{ asin: product!.asin, quantity: 1 }] })
    .expect(201);
  return { ...(order.body as { id: string; order_number: string }), requester: who };
}

const agentOf = (roles: Role[]) => signedInAgent(testbed.app, testbed.database.db, roles);

/** A doctor with an order of their own who is (now) an administrator too: roles are read per request. */
async function adminWithOwnOrder(total: number) {
  const requester = await agentOf(['doctor']);
  const order = await pendingOrder(total, requester);
  await testbed.database.db('user_roles').insert({ user_id: requester.user.id, role: 'admin' });
  return { requester, order };
}

async function sandboxCount(orderNumber: string): Promise<number> {
  const list = (await (await fetch(`${testbed.baseUrl}/sandbox/supplier/orders`)).json()) as
    { data?: { order_id: string }[] } | { order_id: string }[];
  const rows = Array.isArray(list) ? list : (list.data ?? []);
  return rows.filter((row) => row.order_id === orderNumber).length;
}

async function stored(orderId: string) {
  const db = testbed.database.db;
  return {
    status: (await db('orders').where({ id: orderId }).first('status')).status as string,
    approvals: await db('order_approvals')
      .where({ order_id: orderId })
      .orderBy('level')
      .select('level', 'approver_user_id', 'approver_label'),
    events: await db('order_events')
      .where({ order_id: orderId, event_type: 'approved' })
      .orderBy('id')
      .select('actor_label', 'details'),
  };
}

describe('approval levels settings', () => {
  it('answers the default level, refuses bad levels with clear messages changing nothing, and saves good ones', async () => {
    const { agent } = await agentOf(['admin']);
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    expect((await agent.get('/api/admin/settings/approval-levels').expect(200)).body).toEqual({
      levels: [{ level: 1, threshold: '0.00', roles: ['admin'] }],
    });
    const refusals: [object, Record<string, unknown>][] = [
      [{ levels: [] }, { levels: 'At least one approval level is required' }],
      [
        { levels: [{ threshold: 5, roles: ['admin'] }] },
        { 'levels.0.threshold': 'The first level applies to every order: its threshold must be 0' },
      ],
      [
        {
          levels: [
            { threshold: 0, roles: ['admin'] },
            { threshold: '1000', roles: ['finance'] },
            { threshold: 500, roles: ['admin'] },
          ],
        },
        { 'levels.2.threshold': "Level 3's threshold must be above level 2's" },
      ],
      [
        { levels: [{ threshold: 0, roles: [] }] },
        { 'levels.0.roles': 'Each level needs at least one role that may approve at it' },
      ],
      [{ levels: [{ threshold: 0, roles: ['janitor'] }] }, { 'levels.0.roles.0': expect.any(String) }],
      [
        { levels: [{ threshold: 'lots', roles: ['admin'] }] },
        { 'levels.0.threshold': expect.stringContaining('Threshold must be an amount') },
      ],
    ];
    for (const [body, errors] of refusals) {
      const refused = await agent.put('/api/admin/settings/approval-levels').send(body).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect((await agent.get('/api/admin/settings/approval-levels').expect(200)).body.levels).toHaveLength(1);

    const saved = await agent
      .put('/api/admin/settings/approval-levels')
      .send({
        levels: [
          { threshold: 0, roles: ['admin'] },
          { threshold: '1000.5', roles: ['finance', 'admin', 'finance'] },
        ],
      })
      .expect(200);
    expect(saved.body).toEqual({
      levels: [
        { level: 1, threshold: '0.00', roles: ['admin'] },
        { level: 2, threshold: '1000.50', roles: ['finance', 'admin'] },
      ],
    });
    const audited = await testbed.database
      .db('audit_events')
      .where({ action: 'settings.approval_levels.save' })
      .orderBy('id', 'desc')
      .first('details');
    expect(audited.details).toEqual({
      levels: [
        { threshold: '0.00', roles: ['admin'] },
        { threshold: '1000.50', roles: ['finance', 'admin'] },
      ],
    });
    const { agent: finance } = await agentOf(['finance']);
    await finance
      .put('/api/admin/settings/approval-levels')
      .send({ levels: [{ threshold: 0, roles: ['finance'] }] })
      .expect(403);
    await finance.get('/api/admin/settings/approval-levels').expect(403);
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
  });
});

describe('POST /api/admin/orders/:id/approve with approval levels', () => {
  it('one level: an admin approval sends the order, recorded as level 1 with its event', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const order = await pendingOrder(40);
    const { agent, user } = await agentOf(['admin']);
    const pending = await agent.get(`/api/admin/orders/${order.id}`).expect(200);
    expect(pending.body.approval).toEqual({
      approvals: [],
      waiting_for: [{ level: 1, threshold: '0.00', roles: ['admin'] }],
    });
    const approved = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(approved.body.result).toMatchObject({ ok: true, stage: 'done' });
    expect(approved.body.order.approval).toEqual({
      approvals: [{ level: 1, approver: user.email, approved_at: expect.any(String) }],
      waiting_for: [],
    });
    expect(approved.body.order).toEqual((await agent.get(`/api/admin/orders/${order.id}`).expect(200)).body);
    expect(await stored(order.id)).toEqual({
      status: 'submitted',
      approvals: [{ level: 1, approver_user_id: user.id, approver_label: user.email }],
      events: [{ actor_label: user.email, details: { level: 1 } }],
    });
    // The requester's timeline shows the approval once, with its level.
    const own = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
    const approvedEvents = own.body.fulfilment.events.filter((event: { type: string }) => event.type === 'approved');
    expect(approvedEvents).toEqual([
      { type: 'approved', actor: user.email, at: expect.any(String), details: { level: 1 } },
    ]);
    expect(await sandboxCount(order.order_number)).toBe(1);
  });

  it('refuses the requester even when the requester is an admin, changing nothing', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const { requester, order } = await adminWithOwnOrder(30);
    const refused = await requester.agent.post(`/api/admin/orders/${order.id}/approve`).expect(403);
    expect(refused.body).toMatchObject({
      code: 'APPROVAL_OWN_ORDER',
      message: 'You cannot approve your own order: another approver must approve it.',
    });
    expect(await stored(order.id)).toEqual({ status: 'pending', approvals: [], events: [] });
    expect(await sandboxCount(order.order_number)).toBe(0);
  });

  it('two levels: admin then finance; the same person twice is refused; sent once after the last level', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance', 'admin'] },
    ]);
    const order = await pendingOrder(1500);
    const { agent: admin, user: adminUser } = await agentOf(['admin']);
    const first = await admin.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(first.body.result).toBeNull();
    expect(first.body.order).toMatchObject({
      status: 'pending',
      approval: {
        approvals: [{ level: 1, approver: adminUser.email }],
        waiting_for: [{ level: 2, threshold: '1000.00', roles: ['finance', 'admin'] }],
      },
    });
    expect(await sandboxCount(order.order_number)).toBe(0);

    const twice = await admin.post(`/api/admin/orders/${order.id}/approve`).expect(403);
    expect(twice.body).toMatchObject({
      code: 'APPROVAL_ALREADY_GIVEN',
      message: 'You already approved this order at level 1: level 2 needs a different approver.',
    });

    const { agent: finance, user: financeUser } = await agentOf(['finance']);
    const last = await finance.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(last.body.result).toMatchObject({ ok: true, stage: 'done' });
    expect(last.body.order.status).toBe('submitted');
    expect(await stored(order.id)).toEqual({
      status: 'submitted',
      approvals: [
        { level: 1, approver_user_id: adminUser.id, approver_label: adminUser.email },
        { level: 2, approver_user_id: financeUser.id, approver_label: financeUser.email },
      ],
      events: [
        { actor_label: adminUser.email, details: { level: 1 } },
        { actor_label: financeUser.email, details: { level: 2 } },
      ],
    });
    expect(await sandboxCount(order.order_number)).toBe(1);
    // Decided: a further approval is the status machine's 409.
    const { agent: other } = await agentOf(['admin']);
    expect((await other.post(`/api/admin/orders/${order.id}/approve`).expect(409)).body.code).toBe(
      'ORDER_INVALID_TRANSITION',
    );
  });

  it('an order under the second threshold needs the first level only', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance'] },
    ]);
    const order = await pendingOrder(999.99);
    const { agent } = await agentOf(['admin']);
    const approved = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(approved.body.order.status).toBe('submitted');
    expect(await sandboxCount(order.order_number)).toBe(1);
  });

  it('three levels, each by a different person, in order', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 100, roles: ['finance'] },
      { threshold: 5000, roles: ['admin'] },
    ]);
    const order = await pendingOrder(6000);
    const [admin1, finance, admin2] = await Promise.all([
      agentOf(['admin']),
      agentOf(['finance']),
      agentOf(['super_admin']),
    ]);
    // Finance cannot take level 1 (admin only), nor can a role outside the route.
    const early = await finance.agent.post(`/api/admin/orders/${order.id}/approve`).expect(403);
    expect(early.body).toMatchObject({
      code: 'APPROVAL_LEVEL_FORBIDDEN',
      message: 'This order waits for approval at level 1, which only an administrator may give.',
    });
    const { agent: logistics } = await agentOf(['logistics_admin']);
    expect((await logistics.post(`/api/admin/orders/${order.id}/approve`).expect(403)).body.message).toBe(
      'Admin Access Required: Only administrators can approve orders.',
    );

    await admin1.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    // Level 2 is finance's alone: an admin is refused there.
    const wrong = await admin2.agent.post(`/api/admin/orders/${order.id}/approve`).expect(403);
    expect(wrong.body.code).toBe('APPROVAL_LEVEL_FORBIDDEN');
    const second = await finance.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(second.body.order.approval.waiting_for).toEqual([{ level: 3, threshold: '5000.00', roles: ['admin'] }]);
    expect(await sandboxCount(order.order_number)).toBe(0);
    const third = await admin2.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(third.body.order.status).toBe('submitted');
    expect((await stored(order.id)).approvals.map((approval) => [approval.level, approval.approver_user_id])).toEqual([
      [1, admin1.user.id],
      [2, finance.user.id],
      [3, admin2.user.id],
    ]);
    expect(await sandboxCount(order.order_number)).toBe(1);
  });

  it('two approvers at the same level at once: one approval, one 409; concurrent last approvals send exactly once', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance'] },
    ]);
    const order = await pendingOrder(2000);
    const admins = await Promise.all([agentOf(['admin']), agentOf(['admin'])]);
    // Each says which level it saw the order waiting for, as the back office does.
    const level1 = await Promise.all(
      admins.map(({ agent }) => agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 1 })),
    );
    expect(level1.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await stored(order.id)).approvals).toHaveLength(1);
    const late = await admins[0]!.agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 1 }).expect(409);
    expect(late.body).toMatchObject({
      code: 'APPROVAL_CHANGED',
      message: 'Level 1 of this order was approved by someone else meanwhile; it now waits for level 2.',
    });
    await admins[0]!.agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 'one' }).expect(400);

    const finance = await Promise.all(Array.from({ length: 6 }, () => agentOf(['finance'])));
    const level2 = await Promise.all(
      finance.map(({ agent }) => agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 2 })),
    );
    expect(level2.filter((response) => response.status === 200)).toHaveLength(1);
    expect(level2.filter((response) => response.status === 409)).toHaveLength(5);
    const after = await stored(order.id);
    expect(after.status).toBe('submitted');
    expect(after.approvals.map((approval) => approval.level)).toEqual([1, 2]);
    expect(after.events).toHaveLength(2);
    expect(await sandboxCount(order.order_number)).toBe(1);
  });
});

describe('auto-approval with levels', () => {
  it('stands in for the first level only, and only under its amount', async () => {
    const { agent } = await agentOf(['admin']);
    const automation = (isOn: boolean) =>
      agent
        .put('/api/admin/settings/automation')
        .send({
          auto_sync_daily: true,
          email_notifications_new_orders: false,
          auto_approve_enabled: isOn,
          auto_approve_under_amount: 100,
        })
        .expect(200);
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 50, roles: ['finance'] },
    ]);
    await automation(true);
    try {
      const oneLevel = await pendingOrder(20);
      const twoLevels = await pendingOrder(80);
      const overAmount = await pendingOrder(150);
      await waitFor(async () => (await stored(oneLevel.id)).status === 'submitted');
      await waitFor(async () => (await stored(twoLevels.id)).approvals.length === 1);
      expect(await stored(oneLevel.id)).toMatchObject({
        approvals: [{ level: 1, approver_user_id: null, approver_label: 'system' }],
      });
      expect(await stored(twoLevels.id)).toEqual({
        status: 'pending',
        approvals: [{ level: 1, approver_user_id: null, approver_label: 'system' }],
        events: [{ actor_label: 'system', details: { level: 1 } }],
      });
      // Finance's inbox has the order waiting for its level; the admins' does not.
      const { agent: finance } = await agentOf(['finance']);
      const inbox = await finance.get('/api/admin/approvals').query({ range: '[0,199]' }).expect(200);
      const ids = (inbox.body as { id: string }[]).map((row) => row.id);
      expect(ids).toContain(twoLevels.id);
      expect(ids).not.toContain(overAmount.id);
      await finance.post(`/api/admin/orders/${twoLevels.id}/approve`).expect(200);
      expect((await stored(twoLevels.id)).status).toBe('submitted');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await stored(overAmount.id)).toEqual({ status: 'pending', approvals: [], events: [] });
    } finally {
      await automation(false);
    }
  });
});

describe('GET /api/admin/approvals', () => {
  it('lists the orders waiting for a level the caller may approve, never the caller’s own or already approved', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance'] },
    ]);
    const atLevel1 = await pendingOrder(1200);
    const atLevel2 = await pendingOrder(1300);
    const { agent: admin } = await agentOf(['admin']);
    await admin.post(`/api/admin/orders/${atLevel2.id}/approve`).expect(200);
    const { requester: ownRequester, order: own } = await adminWithOwnOrder(10);

    const idsOf = async (agent: Agent['agent']) => {
      const response = await agent.get('/api/admin/approvals').query({ range: '[0,199]' }).expect(200);
      expect(response.headers['content-range']).toMatch(/^approvals \d+-\d+\/\d+$/);
      return (response.body as { id: string }[]).map((row) => row.id);
    };
    const { agent: finance } = await agentOf(['finance']);
    const financeIds = await idsOf(finance);
    expect(financeIds).toContain(atLevel2.id);
    expect(financeIds).not.toContain(atLevel1.id);

    const otherAdminIds = await idsOf((await agentOf(['admin'])).agent);
    expect(otherAdminIds).toContain(atLevel1.id);
    expect(otherAdminIds).toContain(own.id);
    expect(otherAdminIds).not.toContain(atLevel2.id);
    // The admin who approved level 1 sees neither that order again, nor the requester-admin their own.
    expect(await idsOf(admin)).not.toContain(atLevel2.id);
    expect(await idsOf(ownRequester.agent)).not.toContain(own.id);

    const { agent: doctor } = await agentOf(['doctor']);
    await doctor.get('/api/admin/approvals').expect(403);
    await finance.get('/api/admin/orders').expect(403);
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
