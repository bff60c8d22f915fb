import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser } from '../../test-support/http-test-app.js';
import { openSharedTestDb, uniqueEmail } from '../../test-support/test-context.js';

const db = openSharedTestDb();
// The limits as a deployment has them (the test default raises per-address ones for 127.0.0.1).
const app = createTestApp(db, { env: { RATE_LIMIT_ADDRESS_FACTOR: '1', DEMO_MODE: 'true' } });
afterAll(() => db.destroy());

const someAddress = () => `10.${randomBytes(3).join('.')}`;

type Send = (address: string, index: number) => request.Test;

/** Sends `allowed` requests from one address in parallel, then one more: only that one is refused. */
async function expectLimit(allowed: number, send: Send) {
  const address = someAddress();
  const answers = await Promise.all(Array.from({ length: allowed }, (_, index) => send(address, index)));
  expect(answers.filter((answer) => answer.status === 429)).toHaveLength(0);
  const refused = await send(address, allowed);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  expect(refused.body.message).toMatch(/Try again in \d+ minute\(s\)\.$/);
  // Another address is not affected.
  expect((await send(someAddress(), allowed + 1)).status).not.toBe(429);
}

describe('every unauthenticated entry point has a limit per address, shared through PostgreSQL', () => {
  it.each<[string, number, Send]>([
    [
      'POST /api/auth/password-reset/request',
      10,
      (address) =>
        request(app)
          .post('/api/auth/password-reset/request')
          .set('X-Forwarded-For', address)
          .send({ email: uniqueEmail('reset') }),
    ],
    [
      'POST /api/auth/signup',
      10,
      (address) => request(app).post('/api/auth/signup').set('X-Forwarded-For', address).send({}),
    ],
    [
      'GET /api/auth/sso/discover',
      60,
      (address) =>
        request(app).get('/api/auth/sso/discover').query({ email: 'a@b.test' }).set('X-Forwarded-For', address),
    ],
    [
      'GET /api/auth/saml/:providerId/start',
      30,
      (address) => request(app).get('/api/auth/saml/no-such-provider/start').set('X-Forwarded-For', address),
    ],
    [
      'GET /api/auth/oidc/start',
      30,
      (address) => request(app).get('/api/auth/oidc/start').set('X-Forwarded-For', address),
    ],
    [
      'POST /api/auth/demo',
      30,
      (address) => request(app).post('/api/auth/demo').set('X-Forwarded-For', address).send({ as: 'doctor' }),
    ],
  ])('%s allows %i requests, then answers 429', async (_route, allowed, send) => {
    await expectLimit(allowed, send);
  });
});

describe('limits per e-mail', () => {
  it('mails a reset at most 3 times an hour per e-mail, answering the same for a real and an unknown account', async () => {
    const user = await createTestUser(db, ['doctor']);
    for (const email of [user.email, uniqueEmail('ghost')]) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await request(app)
          .post('/api/auth/password-reset/request')
          .set('X-Forwarded-For', someAddress())
          .send({ email })
          .expect(202);
      }
      const refused = await request(app)
        .post('/api/auth/password-reset/request')
        .set('X-Forwarded-For', someAddress())
        .send({ email })
        .expect(429);
      expect(refused.body.message).toBe('Too many requests. Try again in 60 minute(s).');
      expect(await db('email_outbox').where({ to_address: email }).count('* as n').first()).toEqual({ n: 3 });
    }
  });

  it('a new reset request ends the earlier links of the account, even when sent at once', async () => {
    const user = await createTestUser(db, ['nurse']);
    await Promise.all(
      [0, 1, 2].map(() =>
        request(app)
          .post('/api/auth/password-reset/request')
          .set('X-Forwarded-For', someAddress())
          .send({ email: user.email })
          .expect(202),
      ),
    );
    const live = await db('password_reset_tokens').where({ user_id: user.id }).whereNull('used_at').count('* as n');
    expect(live).toEqual([{ n: 1 }]);
  });

  it('takes at most 3 sign-ups an hour for one e-mail', async () => {
    const email = uniqueEmail('signup');
    const body = { first_name: 'Rosa', last_name: 'Parks', email, password: 'Lantern-Orbit-42' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await request(app).post('/api/auth/signup').set('X-Forwarded-For', someAddress()).send(body);
      expect(answer.status).not.toBe(429);
    }
    await request(app).post('/api/auth/signup').set('X-Forwarded-For', someAddress()).send(body).expect(429);
  });
});
