import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

describe('disabling accounts and keeping an administrator', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
  });
  afterAll(() => database.drop());

  it('ends a disabled user’s sessions at once and lets them back in when enabled', async () => {
    const { agent: admin } = await signedInAgent(app, database.db, ['admin']);
    const { agent: doctor, user } = await signedInAgent(app, database.db, ['doctor']);
    await admin.post(`/api/admin/users/${user.id}/disable`).expect(200);
    expect((await doctor.get('/api/auth/session').expect(401)).body.code).toBe('NOT_AUTHENTICATED');
    await request(app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(401); // like a wrong password: nothing revealed
    await admin.post(`/api/admin/users/${user.id}/enable`).expect(200);
    await request(app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
  });

  it('never leaves the portal without an administrator', async () => {
    const { agent, user: onlyAdmin } = await signedInAgent(app, database.db, ['admin']);
    const other = await createTestUser(database.db, ['super_admin']);
    await agent.delete(`/api/admin/users/${other.id}/roles/super_admin`).expect(200);
    await agent.post(`/api/admin/users/${onlyAdmin.id}/disable`).expect(409);
    const { agent: second } = await signedInAgent(app, database.db, ['admin']);
    // Every other admin gone: the last one keeps the role.
    await database
      .db('user_roles')
      .whereIn('role', ['admin', 'super_admin'])
      .whereNotIn('user_id', [onlyAdmin.id])
      .delete();
    expect((await agent.post(`/api/admin/users/${onlyAdmin.id}/disable`).expect(409)).body.code).toBe(
      'CANNOT_DISABLE_SELF',
    );
    void second;
  });

  it('keeps the audit log append-only, even for the database owner', async () => {
    await expect(database.db('audit_events').update({ action: 'tampered' })).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(database.db('audit_events').delete()).rejects.toThrow(/cannot be changed or deleted/);
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const csv = await agent.get('/api/admin/audit-events/export').query({ filter: '{"action":"auth."}' }).expect(200);
    expect(csv.text.split('\n')[0]).toBe(
      '"occurred_at","actor_label","action_label","action","target_type","target_label","target_id","outcome","client_address","request_id"',
    );
    expect(csv.text).toContain('auth.sign_in');
  });
});
