import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';

import type { Db } from '../../database/connection.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, createTestUser, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

// Approval levels are one setting of the whole portal, and the dashboard counts every pending order:
// each block below gets a database of its own.
function useOwnPortal() {
  const state = {} as { database: Awaited<ReturnType<typeof createIsolatedDatabase>>; app: Express; db: Db };
  beforeAll(async () => {
    state.database = await createIsolatedDatabase();
    state.db = state.database.db;
    state.app = createTestApp(state.db);
  });
  afterAll(async () => {
    await closeTestApp(state.app);
    await state.database.drop();
  });
  return state;
}

const LEVELS_URL = '/api/admin/settings/approval-levels';

describe('PUT /api/admin/settings/approval-levels refuses levels that could never be approved', () => {
  const portal = useOwnPortal();

  it('a role that may never approve answers 400 VALIDATION_FAILED naming the role, and nothing changes', async () => {
    const { agent: admin } = await signedInAgent(portal.app, portal.db, ['admin']);
    await createTestUser(portal.db, ['nurse']);
    const refused = await admin
      .put(LEVELS_URL)
      .send({
        levels: [
          { threshold: 0, roles: ['admin'] },
          { threshold: 1000, roles: ['admin', 'nurse', 'logistics_admin'] },
        ],
      })
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        'levels.1.roles.1': 'Nurses cannot approve orders; choose admin or finance.',
        'levels.1.roles.2': 'Logistics admins cannot approve orders; choose admin or finance.',
      },
    });
    expect((await admin.get(LEVELS_URL).expect(200)).body).toEqual({
      levels: [{ level: 1, threshold: '0.00', roles: ['admin'] }],
    });
  });

  it('a level no active, approved user can approve answers 409 APPROVAL_LEVEL_HAS_NO_APPROVER naming it; once someone can, it saves', async () => {
    const { agent: admin } = await signedInAgent(portal.app, portal.db, ['admin']);
    // Neither a finance account waiting for approval nor a disabled one can approve.
    const waiting = await createTestUser(portal.db, ['finance'], { isApproved: false });
    const disabled = await createTestUser(portal.db, ['finance']);
    await admin.post(`/api/admin/users/${disabled.id}/disable`).expect(200);
    const levels = [
      { threshold: 0, roles: ['admin'] },
      { threshold: 500, roles: ['finance'] },
    ];
    const refused = await admin.put(LEVELS_URL).send({ levels }).expect(409);
    const message =
      'Nobody can approve level 2 (orders of $500.00 or more): no active, approved user is finance. ' +
      'Give the role to someone in Users & Roles, or choose another role.';
    expect(refused.body).toMatchObject({
      code: 'APPROVAL_LEVEL_HAS_NO_APPROVER',
      message,
      errors: { 'levels.1.roles': message },
    });
    expect((await admin.get(LEVELS_URL).expect(200)).body.levels).toHaveLength(1);
    const audits = await portal.db('audit_events').where({ action: 'settings.approval_levels.save' }).count('* as n');
    expect(Number(audits[0]?.n)).toBe(0);

    await admin.post(`/api/admin/users/${waiting.id}/approve`).send({ approved: true }).expect(200);
    const saved = await admin.put(LEVELS_URL).send({ levels }).expect(200);
    expect(saved.body.levels).toHaveLength(2);
  });
});

describe('the dashboard shows an approval level nobody can approve any more', () => {
  const portal = useOwnPortal();

  /** A pending order of `total` dollars (one line), by a new doctor with an address. */
  async function pendingOrder(total: number): Promise<string> {
    const [product] = await insertProducts(portal.db, [
      { title: `Blocked item ${randomUUID().slice(0, 6)}`, price: total.toFixed(2) },
    ]);
    const { agent } = await signedInAgent(portal.app, portal.db, ['doctor']);
    await agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'Ward 7', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
      .expect(200);
    const order = await agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin: product!.asin, quantity: 1 }] })
      .expect(201);
    return (order.body as { id: string }).id;
  }

  it('GET /api/reports/dashboard lists the level with the orders waiting at it when its approver is disabled or loses the role, and the orders list filters them', async () => {
    const { agent: admin } = await signedInAgent(portal.app, portal.db, ['admin']);
    const finance = await createTestUser(portal.db, ['finance']);
    await admin
      .put(LEVELS_URL)
      .send({
        levels: [
          { threshold: 0, roles: ['admin'] },
          { threshold: 500, roles: ['finance'] },
        ],
      })
      .expect(200);
    const atLevel2 = await pendingOrder(600);
    const atLevel1 = await pendingOrder(800);
    const small = await pendingOrder(40);
    await admin.post(`/api/admin/orders/${atLevel2}/approve`).send({ level: 1 }).expect(200);

    const blockedLevels = async () =>
      (await admin.get('/api/reports/dashboard').expect(200)).body.data.approval_levels_without_approver as unknown[];
    expect(await blockedLevels()).toEqual([]);

    const blocked = [{ level: 2, threshold: '500.00', roles: ['finance'], blocked_orders: 1 }];
    await admin.post(`/api/admin/users/${finance.id}/disable`).expect(200);
    expect(await blockedLevels()).toEqual(blocked);
    await admin.post(`/api/admin/users/${finance.id}/enable`).expect(200);
    expect(await blockedLevels()).toEqual([]);
    await admin.delete(`/api/admin/users/${finance.id}/roles/finance`).expect(200);
    expect(await blockedLevels()).toEqual(blocked);

    // The dashboard's link: the orders list and its tab counts, filtered to the orders waiting at level 2.
    const listed = async (level: number) =>
      (
        (
          await admin
            .get('/api/admin/orders')
            .query({ filter: JSON.stringify({ approval_level: level }) })
            .expect(200)
        ).body as { id: string }[]
      )
        .map((order) => order.id)
        .sort();
    expect(await listed(2)).toEqual([atLevel2]);
    expect(await listed(1)).toEqual([atLevel1, small].sort());
    const counts = await admin.get('/api/admin/order-counts').query({ approval_level: 2 }).expect(200);
    expect(counts.body).toMatchObject({ all: 1, pending: 1, approved: 0 });
  });
});
