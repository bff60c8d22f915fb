import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('integration and health endpoints without credentials', () => {
  it('answer not_configured and show every credential as missing', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    expect((await agent.get('/api/ab/products').query({ asins: 'B000000001' }).expect(200)).body).toEqual({
      status: 'not_configured',
    });
    expect(
      (
        await agent
          .post('/api/ab/order')
          .send({ items: [{ asin: 'B000000001', quantity: 1 }] })
          .expect(200)
      ).body,
    ).toEqual({ status: 'not_configured' });
    expect((await agent.get('/api/amazon/images').query({ asins: 'B000000001' }).expect(200)).body).toEqual({
      status: 'not_configured',
    });
    const status = (await agent.get('/api/admin/integrations/status').expect(200)).body;
    expect(status.business_api).toEqual({
      enabled: false,
      presence: { client_id: false, client_secret: false, refresh_token: false, marketplace: false },
    });
    expect(status.product_advertising_api).toMatchObject({
      status: 'Disabled',
      checklist: { enabled: false, partner_tag: false, access_key: false, secret_key: false },
    });
    const test = (await agent.post('/api/admin/integrations/paapi/test').expect(200)).body;
    expect(test).toMatchObject({ status: 'FAIL', error: 'not_configured' });
    expect(
      (await agent.get('/api/admin/integrations/status').expect(200)).body.product_advertising_api.last_test,
    ).toMatchObject({ status: 'FAIL' });
  });
});

describe('POST /api/admin/delete-user', () => {
  it('removes access and personal data but keeps the record; answers 404 JSON for an unknown id', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const victim = await signedInAgent(app, db, ['doctor']);
    await agent
      .post('/api/admin/delete-user')
      .send({ userId: victim.user.id })
      .expect(200, { success: true, userId: victim.user.id });
    await victim.agent.get('/api/auth/session').expect(401);
    await request(app).post('/api/auth/login').send({ email: victim.user.email, password: TEST_PASSWORD }).expect(401);
    expect(await db('profiles').where({ user_id: victim.user.id }).first('first_name')).toEqual({ first_name: null });
    const unknown = await agent
      .post('/api/admin/delete-user')
      .send({ userId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    expect(unknown.headers['content-type']).toMatch(/json/);
    const malformed = await agent.post('/api/admin/delete-user').send({ userId: 'not-a-uuid' }).expect(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { userId: expect.any(String) } });
    const other = await createTestUser(db, ['nurse']);
    const { agent: doctor } = await signedInAgent(app, db, ['doctor']);
    await doctor.post('/api/admin/delete-user').send({ userId: other.id }).expect(403);
  });
});
