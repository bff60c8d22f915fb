import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestApp, createTestUser, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('/api/admin/users', () => {
  it('lists accounts with roles, approval and address status; groups admins and providers', async () => {
    const provider = await createTestUser(db, ['provider'], { isApproved: false, hasShippingAddress: false });
    const { agent } = await signedInAgent(app, db, ['admin']);
    const byEmail = await agent
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: provider.email.toUpperCase() }) })
      .expect(200);
    expect(byEmail.body).toEqual([
      expect.objectContaining({
        id: provider.id,
        roles: ['provider'],
        onboarding_approved: false,
        has_shipping_address: false,
        shipping_address: null,
      }),
    ]);
    const providers = await agent
      .get('/api/admin/users')
      .query({ filter: '{"group":"providers"}', range: '[0,199]' })
      .expect(200);
    expect(providers.body.every((user: { is_admin: boolean }) => !user.is_admin)).toBe(true);
    const admins = await agent
      .get('/api/admin/users')
      .query({ filter: '{"group":"admins"}', range: '[0,199]' })
      .expect(200);
    expect(admins.body.every((user: { is_admin: boolean }) => user.is_admin)).toBe(true);
  });

  it('sets a user’s address, grants and revokes roles, and never an admin’s own admin role', async () => {
    const nurse = await createTestUser(db, ['nurse']);
    const { agent, user: admin } = await signedInAgent(app, db, ['admin']);
    const withAddress = await agent
      .put(`/api/admin/users/${nurse.id}/shipping-address`)
      .send({ full_name: 'Nora N', street_line1: '1 Ward Rd', city: 'Chicago', state: 'IL', postal_code: '60611' })
      .expect(200);
    expect(withAddress.body).toMatchObject({
      has_shipping_address: true,
      shipping_address: { city: 'Chicago', country: 'US' },
    });
    expect(
      (await agent.post(`/api/admin/users/${nurse.id}/roles`).send({ role: 'finance' }).expect(200)).body.roles,
    ).toEqual(['nurse', 'finance']);
    expect((await agent.delete(`/api/admin/users/${nurse.id}/roles/nurse`).expect(200)).body.roles).toEqual([
      'finance',
    ]);
    await agent.post(`/api/admin/users/${nurse.id}/roles`).send({ role: 'wizard' }).expect(400);
    expect((await agent.delete(`/api/admin/users/${admin.id}/roles/admin`).expect(409)).body.code).toBe(
      'CANNOT_REVOKE_OWN_ADMIN',
    );
    const audit = await agent
      .get('/api/admin/audit-events')
      .query({ filter: JSON.stringify({ target_id: nurse.id, action: 'user.role' }) })
      .expect(200);
    expect(audit.body.map((event: { action: string }) => event.action).sort()).toEqual([
      'user.role.grant',
      'user.role.revoke',
    ]);
  });
});
