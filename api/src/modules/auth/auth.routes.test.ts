import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import {
  createTestApp,
  createTestUser,
  movableClock,
  openSignUpLink,
  signedInAgent,
  signUpThroughMail,
  TEST_PASSWORD,
} from '../../test-support/http-test-app.js';
import { openSharedTestDb, uniqueEmail } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

function sessionCookie(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('supply_hub.sid=')) ?? '';
}

describe('POST /api/auth/signup', () => {
  it('creates the account with the user role once the mailed link is opened, signed in for onboarding', async () => {
    const agent = request.agent(app);
    const email = uniqueEmail('signup');
    const response = await signUpThroughMail(agent, db, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      password: 'Compiler-Cobol-1959',
    });
    expect(response.status).toBe(201);
    expect(sessionCookie(response)).toMatch(/HttpOnly/);
    expect(sessionCookie(response)).toMatch(/SameSite=Lax/);
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({
      user: { email },
      roles: ['user'],
      effective_role: 'user',
      is_admin: false,
      profile: { first_name: 'Grace', last_name: 'Hopper', onboarding_completed: false, onboarding_approved: false },
    });
  });

  it('refuses a guessable password with the reasons, an invalid e-mail and a short password, creating nothing', async () => {
    const email = uniqueEmail('weak');
    for (const password of ['password1', 'aaaaaa', '      ', 'supplyhub', 'Hopper1906', `${email.split('@')[0]}!`]) {
      const weak = await request(app)
        .post('/api/auth/signup')
        .send({ first_name: 'Grace', last_name: 'Hopper', email, password })
        .expect(400);
      expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD', errors: { password: expect.any(String) } });
      expect(weak.body.details.reasons.length).toBeGreaterThan(0);
    }
    const repeated = await request(app)
      .post('/api/auth/signup')
      .send({ first_name: 'A', last_name: 'B', email, password: 'aaaaaa' })
      .expect(400);
    expect(repeated.body.errors.password).toMatch(/^Repeated characters like "aaa" are easy to guess\./);
    const invalid = await request(app)
      .post('/api/auth/signup')
      .send({ first_name: 'A', last_name: 'B', email: 'nope', password: 'Compiler-Cobol-1959' })
      .expect(400);
    expect(invalid.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { email: 'Please enter a valid email address' },
    });
    const short = await request(app)
      .post('/api/auth/signup')
      .send({ first_name: 'A', last_name: 'B', email, password: 'abc' })
      .expect(400);
    expect(short.body.errors.password).toBe('Password should be at least 6 characters.');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });
});

describe('sign-up does not tell whether an e-mail has an account', () => {
  it('answers a known e-mail exactly like a new one, and mails the owner that they already have an account', async () => {
    const known = await createTestUser(db, ['doctor']);
    const fresh = uniqueEmail('fresh');
    const body = { first_name: 'Ada', last_name: 'Byron', password: 'Compiler-Cobol-1959' };
    const forKnown = await request(app)
      .post('/api/auth/signup')
      .send({ ...body, email: known.email });
    const forNew = await request(app)
      .post('/api/auth/signup')
      .send({ ...body, email: fresh });
    expect(forKnown.status).toBe(202);
    expect(forNew.status).toBe(202);
    expect({ ...forKnown.body, requestId: 0 }).toEqual({ ...forNew.body, requestId: 0 });
    expect(forKnown.headers['set-cookie']).toBeUndefined();
    expect(forNew.headers['set-cookie']).toBeUndefined();
    expect(forNew.body).toEqual({
      status: 'check_email',
      message: 'Check your e-mail: we sent you a link to finish creating your account.',
    });
    const note = await db('email_outbox').where({ to_address: known.email }).first('template', 'text_body');
    expect(note.template).toBe('sign-up-existing-account');
    expect(note.text_body).toMatch(/you already have an account/);
    expect(note.text_body).not.toMatch(/#token=/);
    // Nothing exists for the new address until its link is opened, and a link works once.
    expect(await db('users').where({ email: fresh }).first()).toBeUndefined();
    const agent = request.agent(app);
    expect((await openSignUpLink(agent, db, fresh)).status).toBe(201);
    expect((await agent.get('/api/auth/session').expect(200)).body.user.email).toBe(fresh);
    const again = await openSignUpLink(request.agent(app), db, fresh);
    expect(again.body.code).toBe('SIGN_UP_LINK_INVALID');
  });
});

describe('POST /api/auth/login', () => {
  it('answers an unknown e-mail exactly like a wrong password, and audits the failure', async () => {
    const user = await createTestUser(db, ['doctor']);
    const wrong = await request(app)
      .post('/api/auth/login')
      .send({ email: user.email, password: 'not-the-password' })
      .expect(401);
    const unknown = await request(app)
      .post('/api/auth/login')
      .send({ email: uniqueEmail('ghost'), password: 'not-the-password' })
      .expect(401);
    expect({ ...wrong.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' });
    const failures = await db('audit_events')
      .where({ action: 'auth.sign_in', target_id: user.id, outcome: 'failure' })
      .count('* as n')
      .first();
    expect(failures).toEqual({ n: 1 });
  });

  it('signs in with a new session id each time and audits the success once', async () => {
    const user = await createTestUser(db, ['provider']);
    const first = await request(app)
      .post('/api/auth/login')
      .send({ email: user.email.toUpperCase(), password: TEST_PASSWORD })
      .expect(200);
    const second = await request(app)
      .post('/api/auth/login')
      .set('Cookie', sessionCookie(first).split(';')[0]!)
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(200);
    expect(sessionCookie(first).split(';')[0]).not.toBe(sessionCookie(second).split(';')[0]);
    expect(
      await db('audit_events')
        .where({ action: 'auth.sign_in', target_id: user.id, outcome: 'success' })
        .count('* as n')
        .first(),
    ).toEqual({ n: 2 });
  });

  it('pauses an account after five failures, even for the right password', async () => {
    const user = await createTestUser(db, ['nurse']);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await request(app).post('/api/auth/login').send({ email: user.email, password: 'wrong-guess' }).expect(401);
    }
    const blocked = await request(app)
      .post('/api/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minute\(s\)\.$/);
  });

  it('refuses a disabled account like a wrong password, and ends its existing sessions', async () => {
    const { agent, user } = await signedInAgent(app, db, ['doctor']);
    await db('users').where({ id: user.id }).update({ status: 'disabled' });
    const ended = await agent.get('/api/auth/session').expect(401);
    expect(ended.body.code).toBe('ACCOUNT_DISABLED');
    const refused = await request(app)
      .post('/api/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(401);
    expect(refused.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a request from another site but accepts a script sending the portal’s own Origin', async () => {
    const user = await createTestUser(db, ['doctor']);
    const body = { email: user.email, password: TEST_PASSWORD };
    const crossSite = await request(app)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send(body)
      .expect(403);
    expect(crossSite.body.code).toBe('CROSS_SITE_REQUEST');
    await request(app).post('/api/auth/login').set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
    await request(app).post('/api/auth/login').set('Origin', 'http://127.0.0.1:3000').send(body).expect(200);
  });
});

describe('sessions', () => {
  it('answers 401 without a session and after sign-out, and deletes the server session', async () => {
    const anonymous = await request(app).get('/api/auth/session').expect(401);
    expect(anonymous.body).toEqual({
      code: 'NOT_AUTHENTICATED',
      message: 'Auth session missing!',
      requestId: expect.any(String),
    });
    const { agent, user } = await signedInAgent(app, db, ['doctor']);
    const before = await db('sessions').whereRaw(`sess->>'userId' = ?`, [user.id]).count('* as n').first();
    expect(before).toEqual({ n: 1 });
    await agent.post('/api/auth/logout').expect(204);
    await agent.get('/api/auth/session').expect(401);
    expect(await db('sessions').whereRaw(`sess->>'userId' = ?`, [user.id]).count('* as n').first()).toEqual({ n: 0 });
    expect(
      await db('audit_events').where({ action: 'auth.sign_out', target_id: user.id }).count('* as n').first(),
    ).toEqual({ n: 1 });
  });

  it('ends after 30 idle minutes, and refresh keeps it alive', async () => {
    const clock = movableClock();
    const timedApp = createTestApp(db, { now: clock.now });
    const { agent } = await signedInAgent(timedApp, db, ['doctor']);
    const session = await agent.get('/api/auth/session').expect(200);
    expect(new Date(session.body.expires_at).getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    clock.advance(25 * 60_000);
    await agent.post('/api/auth/refresh').expect(200);
    clock.advance(25 * 60_000);
    await agent.get('/api/auth/session').expect(200);
    clock.advance(31 * 60_000);
    const expired = await agent.get('/api/auth/session').expect(401);
    expect(expired.body.code).toBe('SESSION_EXPIRED');
  });

  it('ends after 12 hours however active, and touches the idle clock at most once a minute', async () => {
    const clock = movableClock();
    const timedApp = createTestApp(db, { now: clock.now });
    const { agent, user } = await signedInAgent(timedApp, db, ['doctor']);
    const stored = async () =>
      (await db('sessions').whereRaw(`sess->>'userId' = ?`, [user.id]).first()).sess.lastSeenAt as number;
    const lastSeen = await stored();
    clock.advance(30_000);
    await agent.get('/api/auth/session').expect(200);
    expect(await stored()).toBe(lastSeen);
    clock.advance(31_000);
    await agent.get('/api/auth/session').expect(200);
    expect(await stored()).toBe(clock.now().getTime());
    for (let minutes = 0; minutes < 12 * 60; minutes += 20) {
      clock.advance(20 * 60_000);
      await agent.get('/api/auth/session');
    }
    const expired = await agent.get('/api/auth/session').expect(401);
    expect(expired.body.code).toBe('NOT_AUTHENTICATED');
  });
});

describe('PUT /api/profile/onboarding', () => {
  it('validates the names with the spec’s messages and completes the profile', async () => {
    const agent = request.agent(app);
    const email = uniqueEmail('onb');
    await signUpThroughMail(agent, db, { first_name: 'X', last_name: 'Y', email, password: 'Compiler-Cobol-1959' });
    const empty = await agent.put('/api/profile/onboarding').send({ first_name: ' ', last_name: 'Y' }).expect(400);
    expect(empty.body.errors).toEqual({ first_name: 'First name is required' });
    const long = await agent
      .put('/api/profile/onboarding')
      .send({ first_name: 'A', last_name: 'L'.repeat(51) })
      .expect(400);
    expect(long.body.errors).toEqual({ last_name: 'Last name too long' });
    const done = await agent
      .put('/api/profile/onboarding')
      .send({ first_name: 'Ada', last_name: 'Lovelace' })
      .expect(200);
    expect(done.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      onboarding_completed: true,
      onboarding_approved: false,
    });
  });

  it('needs a session', async () => {
    await request(app).put('/api/profile/onboarding').send({ first_name: 'A', last_name: 'B' }).expect(401);
  });
});

describe('account approval', () => {
  it('lets only admins approve, records who and when, and refuses unknown ids', async () => {
    const pending = await createTestUser(db, ['provider'], { isApproved: false });
    const { agent: provider } = await signedInAgent(app, db, ['provider']);
    await provider.post(`/api/admin/users/${pending.id}/approve`).send({ approved: true }).expect(403);

    const { agent: superAdmin, user: approver } = await signedInAgent(app, db, ['super_admin']);
    await superAdmin
      .post(`/api/admin/users/${pending.id}/approve`)
      .send({ approved: true, approval_notes: 'NPI checked' })
      .expect(200);
    const profile = await db('profiles')
      .where({ user_id: pending.id })
      .first('onboarding_approved', 'approved_by', 'approval_notes');
    expect(profile).toEqual({ onboarding_approved: true, approved_by: approver.id, approval_notes: 'NPI checked' });

    await superAdmin
      .post('/api/admin/users/00000000-0000-4000-8000-000000000000/approve')
      .send({ approved: true })
      .expect(404);
    await superAdmin.post('/api/admin/users/not-a-uuid/approve').send({ approved: true }).expect(400);
    await request(app).post(`/api/admin/users/${pending.id}/approve`).send({ approved: false }).expect(401);
  });

  it('approves several accounts in one request, all or none', async () => {
    const [a, b] = await Promise.all([
      createTestUser(db, ['doctor'], { isApproved: false }),
      createTestUser(db, ['nurse'], { isApproved: false }),
    ]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    await agent
      .post('/api/admin/users/approve')
      .send({ ids: [a.id, '00000000-0000-4000-8000-000000000000'], approved: true })
      .expect(404);
    expect(await db('profiles').where({ user_id: a.id }).first('onboarding_approved')).toEqual({
      onboarding_approved: false,
    });
    await agent
      .post('/api/admin/users/approve')
      .send({ ids: [a.id, b.id], approved: true })
      .expect(200, { updated: 2 });
  });
});

describe('demo sign-in and session timeouts', () => {
  it('does not exist outside demo mode', async () => {
    await request(app).post('/api/auth/demo').send({ as: 'admin' }).expect(404);
  });

  it('signs in as the demo doctor for one hour in demo mode', async () => {
    const clock = movableClock();
    const demoApp = createTestApp(db, { now: clock.now, env: { DEMO_MODE: 'true' } });
    if (!(await db('users').where({ email: 'doctor@demo.supplyhub.test' }).first())) {
      await createUserWithEmail('doctor@demo.supplyhub.test');
    }
    const agent = request.agent(demoApp);
    await agent.post('/api/auth/demo').send({ as: 'doctor' }).expect(200);
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ user: { email: 'doctor@demo.supplyhub.test' }, auth_method: 'demo' });
    for (let minutes = 0; minutes < 60; minutes += 20) {
      clock.advance(20 * 60_000);
      await agent.post('/api/auth/refresh');
    }
    const ended = await agent.get('/api/auth/session').expect(401);
    expect(ended.body.code).toBe('NOT_AUTHENTICATED');
    await request(demoApp).post('/api/auth/demo').send({ as: 'root' }).expect(400);
  });

  it('audits an idle timeout once', async () => {
    const clock = movableClock();
    const timedApp = createTestApp(db, { now: clock.now });
    const { agent, user } = await signedInAgent(timedApp, db, ['doctor']);
    clock.advance(31 * 60_000);
    await agent.get('/api/auth/session').expect(401);
    await agent.get('/api/auth/session').expect(401);
    const timeouts = await db('audit_events')
      .where({ action: 'auth.session_timeout', target_id: user.id })
      .count('* as n')
      .first();
    expect(timeouts).toEqual({ n: 1 });
  });
});

async function createUserWithEmail(email: string): Promise<void> {
  const { createUser } = await import('../users/users.service.js');
  const { testContext } = await import('../../test-support/test-context.js');
  await createUser(testContext(db), {
    email,
    password: TEST_PASSWORD,
    firstName: 'Demo',
    lastName: 'Doctor',
    roles: ['doctor'],
    isApproved: true,
  });
}
