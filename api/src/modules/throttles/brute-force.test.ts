import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';

import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { createThrottles } from './throttles.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

/** A client address of this test's own (X-Forwarded-For is believed from loopback). */
const someAddress = () => `10.${randomBytes(3).join('.')}`;

function cookieOf(response: request.Response, name: string): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0] ?? '';
}

const countAudits = async (where: Record<string, string>) =>
  Number((await db('audit_events').where(where).count<{ n: string }[]>('* as n'))[0]?.n);

/** An account with TOTP on; returns its secret and recovery codes. */
async function accountWithTotp() {
  const user = await createTestUser(db, ['admin']);
  const agent = request.agent(app);
  await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
  const { secret } = (await agent.post('/api/auth/mfa/enroll').expect(200)).body as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
  const confirmed = await agent.post('/api/auth/mfa/confirm').send({ code }).expect(200);
  return { user, agent, secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

describe('guessing a password in parallel', () => {
  it('80 parallel sign-ins for one account (79 wrong, the right one last) get at most 5 password checks', async () => {
    const user = await createTestUser(db, ['doctor']);
    const address = someAddress();
    const attempts = Array.from({ length: 80 }, (_, index) =>
      request(app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ email: user.email, password: index === 79 ? TEST_PASSWORD : `wrong-guess-${index}` }),
    );
    const answers = await Promise.all(attempts);
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(await countAudits({ action: 'auth.sign_in', target_id: user.id })).toBe(checked.length);
    expect(answers[79]?.status).toBe(429);
    expect(answers.find((answer) => answer.status === 429)?.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('40 parallel second-step codes (the right one last) get at most 5 checks, and confirm and disable are limited too', async () => {
    const { user, agent, secret } = await accountWithTotp();
    const second = request.agent(app);
    await second.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    const right = TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
    const wrong = (index: number) => String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        second.post('/api/auth/mfa/verify').send({ code: index === 39 ? right : wrong(index) }),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 429).length).toBeLessThanOrEqual(5);
    expect(answers[39]?.status).toBe(429);
    expect(await countAudits({ action: 'auth.mfa_verify', target_id: user.id })).toBeLessThanOrEqual(5);

    // The same per-account budget covers disabling two-step sign-in from a signed-in session.
    const disable = await agent.post('/api/auth/mfa/disable').send({ code: right });
    expect(disable.status).toBe(429);
  });

  it('limits confirming a new factor: the sixth wrong code is refused without a check', async () => {
    const user = await createTestUser(db, ['doctor']);
    const agent = request.agent(app);
    await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    await agent.post('/api/auth/mfa/enroll').expect(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await agent.post('/api/auth/mfa/confirm').send({ code: '000000' }).expect(400);
    }
    const refused = await agent.post('/api/auth/mfa/confirm').send({ code: '000000' }).expect(429);
    expect(refused.body.message).toMatch(/^Too many codes tried\. Try again in \d+ minute\(s\)\.$/);
  });
});

describe('lock-out is not a denial of service', () => {
  it('an attacker who runs out the account’s attempts does not lock out a browser that signed in before', async () => {
    const user = await createTestUser(db, ['nurse']);
    const owner = request.agent(app);
    const first = await owner.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    expect(cookieOf(first, 'supply_hub.device')).not.toBe('');
    await owner.post('/api/auth/logout').expect(204);

    const attacker = someAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await request(app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', attacker)
        .send({ email: user.email, password: 'guess' })
        .expect(401);
    }
    const stranger = await request(app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', someAddress())
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(429);
    expect(stranger.body.message).toBe('Too many sign-in attempts. Try again in 1 minute(s).');
    await owner.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);

    // A device cookie made for another account is no key to this one.
    const other = await createTestUser(db, ['nurse']);
    const otherLogin = await request(app).post('/api/auth/login').send({ email: other.email, password: TEST_PASSWORD });
    await request(app)
      .post('/api/auth/login')
      .set('Cookie', cookieOf(otherLogin, 'supply_hub.device'))
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(429);
  });

  it('a disabled account answers exactly like a wrong password, even with the right one', async () => {
    const user = await createTestUser(db, ['doctor']);
    await db('users').where({ id: user.id }).update({ status: 'disabled' });
    const right = await request(app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD });
    const wrong = await request(app).post('/api/auth/login').send({ email: user.email, password: 'not-it-at-all' });
    expect(right.status).toBe(401);
    expect({ ...right.body, requestId: 0 }).toEqual({ ...wrong.body, requestId: 0 });
  });

  it('backs off exponentially: each time an account runs out again, the pause doubles', async () => {
    const throttles = createThrottles(db, { rateLimitAddressFactor: 1 });
    const key = `backoff-${randomBytes(4).toString('hex')}@test.supplyhub.test`;
    const pauses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) await throttles.consume('signInAccount', key);
      const refusal = await throttles.consume('signInAccount', key).catch((error: unknown) => error);
      pauses.push((refusal as { details: { retry_after_s: number } }).details.retry_after_s);
      // The pause is over: as if its time had passed.
      await db('rate_limits')
        .where({ key: `signin-account:${key}` })
        .update({ expire: Date.now() - 1 });
    }
    expect(pauses).toEqual([60, 120, 240]);
  });

  it('limits failures per address (IPv6 by /64) across accounts, without touching other addresses', async () => {
    const strict = createTestApp(db, { env: { RATE_LIMIT_ADDRESS_FACTOR: '1' } });
    const network = `2001:db8:${randomBytes(2).toString('hex')}:1`;
    const failures = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        request(strict)
          .post('/api/auth/login')
          .set('X-Forwarded-For', `${network}::${(index + 1).toString(16)}`)
          .send({ email: `spray-${index}@test.supplyhub.test`, password: 'Winter2026' }),
      ),
    );
    expect(failures.every((answer) => answer.status === 401)).toBe(true);
    const user = await createTestUser(db, ['doctor']);
    await request(strict)
      .post('/api/auth/login')
      .set('X-Forwarded-For', `${network}::beef`)
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(429);
    await request(strict)
      .post('/api/auth/login')
      .set('X-Forwarded-For', someAddress())
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(200);
  });
});

describe('an administrator sees and lifts a sign-in pause', () => {
  it('GET /api/admin/users shows sign_in_paused_until, and POST …/unlock-sign-in lifts it with an audit row', async () => {
    const user = await createTestUser(db, ['doctor']);
    const attacker = someAddress();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await request(app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', attacker)
        .send({ email: user.email, password: 'x1' });
    }
    const { agent: admin, user: adminUser } = await signedInAgent(app, db, ['admin']);
    const listed = await admin
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ id: [user.id] }) })
      .expect(200);
    const pausedUntil = new Date(listed.body[0].sign_in_paused_until).getTime();
    expect(pausedUntil).toBeGreaterThan(Date.now());
    expect(pausedUntil).toBeLessThanOrEqual(Date.now() + 61_000);

    const { agent: provider } = await signedInAgent(app, db, ['provider']);
    await provider.post(`/api/admin/users/${user.id}/unlock-sign-in`).expect(403);
    const unlocked = await admin.post(`/api/admin/users/${user.id}/unlock-sign-in`).expect(200);
    expect(unlocked.body).toMatchObject({ id: user.id, sign_in_paused_until: null });
    expect((await admin.get(`/api/admin/users/${user.id}`).expect(200)).body.sign_in_paused_until).toBeNull();
    await request(app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    const audit = await db('audit_events').where({ action: 'user.unlock_sign_in', target_id: user.id }).first();
    expect(audit).toMatchObject({ actor_user_id: adminUser.id, outcome: 'success' });
  });

  it('GET /api/admin/users filters by sign_in_paused: the paused accounts, or the others', async () => {
    const [paused, free] = await Promise.all([createTestUser(db, ['nurse']), createTestUser(db, ['nurse'])]);
    const attacker = someAddress();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await request(app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', attacker)
        .send({ email: paused.email, password: 'x1' });
    }
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const listed = async (isPaused: boolean) =>
      (
        await admin
          .get('/api/admin/users')
          .query({ filter: JSON.stringify({ id: [paused.id, free.id], sign_in_paused: isPaused }) })
          .expect(200)
      ).body as { id: string; sign_in_paused_until: string | null }[];
    expect(await listed(true)).toEqual([
      expect.objectContaining({ id: paused.id, sign_in_paused_until: expect.any(String) }),
    ]);
    expect(await listed(false)).toEqual([expect.objectContaining({ id: free.id, sign_in_paused_until: null })]);
  });
});
