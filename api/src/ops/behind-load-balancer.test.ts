import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, TEST_PASSWORD, closeTestApp } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';

/**
 * An instance behind a load balancer that terminates TLS: the request reaches the portal over
 * plain HTTP from the balancer's address, with X-Forwarded-Proto/-For saying what the client used.
 */
const db = openSharedTestDb();
const PUBLIC_URL = 'https://portal.example';
const trusting = createTestApp(db, { env: { PUBLIC_URL, TRUST_PROXY: '127.0.0.1/8' } });
const distrusting = createTestApp(db, { env: { PUBLIC_URL, TRUST_PROXY: '10.0.0.0/8' } });
afterAll(async () => {
  for (const app of [trusting, distrusting]) await closeTestApp(app);
  await db.destroy();
});

const signIn = (app: typeof trusting, email: string) =>
  request(app)
    .post('/api/auth/login')
    .set('X-Forwarded-Proto', 'https')
    .set('X-Forwarded-For', '203.0.113.7')
    .send({ email, password: TEST_PASSWORD });

describe('behind a TLS-terminating load balancer (TRUST_PROXY)', () => {
  it('sets the Secure session cookie when the balancer is trusted, and none when it is not', async () => {
    const user = await createTestUser(db, ['doctor']);
    const trusted = await signIn(trusting, user.email).expect(200);
    const cookie = String(
      ([] as string[]).concat(trusted.headers['set-cookie'] ?? []).find((c) => c.startsWith('supply_hub.sid=')),
    );
    expect(cookie).toMatch(/; Secure/i);
    // Not trusted: the request looks like plain HTTP, and a Secure cookie is never sent over it.
    const untrusted = await signIn(distrusting, user.email);
    expect(untrusted.headers['set-cookie']).toBeUndefined();
  });

  it('records the client address the balancer forwarded, not the balancer’s', async () => {
    const user = await createTestUser(db, ['doctor']);
    const response = await signIn(trusting, user.email).expect(200);
    const audit = await db('audit_events')
      .where({ request_id: response.headers['x-request-id'], action: 'auth.sign_in' })
      .first('client_address');
    expect(audit).toEqual({ client_address: '203.0.113.7' });
  });
});
