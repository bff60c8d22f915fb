import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';
import request from 'supertest';

import { createTestApp, createTestUser, movableClock, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const clock = movableClock();
const app = createTestApp(db, { now: clock.now, env: { MFA_REQUIRED_FOR_ADMINS: 'true' } });
afterAll(() => db.destroy());

function codeFor(secret: string): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: clock.now().getTime() });
}

describe('TOTP for administrators', () => {
  it('makes an admin enrol before the back office opens, then asks for a code at every sign-in', async () => {
    const admin = await createTestUser(db, ['admin']);
    const pending = await createTestUser(db, ['provider'], { isApproved: false });
    const agent = request.agent(app);

    const first = await agent.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
    expect(first.body.status).toBe('mfa_enrollment_required');
    expect((await agent.get('/api/auth/session').expect(200)).body.mfa_enrollment_required).toBe(true);
    const blocked = await agent.post(`/api/admin/users/${pending.id}/approve`).send({ approved: true }).expect(403);
    expect(blocked.body.code).toBe('MFA_ENROLLMENT_REQUIRED');

    const enrolment = await agent.post('/api/auth/mfa/enroll').expect(200);
    expect(enrolment.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Supply%20Hub:/);
    expect(enrolment.body.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const stored = await db('mfa_totp_factors').where({ user_id: admin.id }).first();
    expect(stored.secret_encrypted).not.toContain(enrolment.body.secret);

    await agent.post('/api/auth/mfa/confirm').send({ code: '000000' }).expect(400);
    const confirmed = await agent
      .post('/api/auth/mfa/confirm')
      .send({ code: codeFor(enrolment.body.secret) })
      .expect(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    await agent.post(`/api/admin/users/${pending.id}/approve`).send({ approved: true }).expect(200);
    await agent.post('/api/auth/logout').expect(204);

    clock.advance(60_000);
    const second = await agent
      .post('/api/auth/login')
      .send({ email: admin.email, password: TEST_PASSWORD })
      .expect(200);
    expect(second.body).toEqual({ status: 'mfa_required' });
    await agent.get('/api/auth/session').expect(401);
    const wrong = await agent.post('/api/auth/mfa/verify').send({ code: '123456' }).expect(401);
    expect(wrong.body.code).toBe('MFA_CODE_INVALID');
    const code = codeFor(enrolment.body.secret);
    await agent.post('/api/auth/mfa/verify').send({ code }).expect(200);
    expect((await agent.get('/api/auth/session').expect(200)).body.mfa_enrollment_required).toBe(false);

    // The same code is good once; a recovery code is good once too.
    const other = request.agent(app);
    await other.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
    await other.post('/api/auth/mfa/verify').send({ code }).expect(401);
    const recovery = confirmed.body.recovery_codes[0] as string;
    await other.post('/api/auth/mfa/verify').send({ code: recovery }).expect(200);
    const third = request.agent(app);
    await third.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
    await third.post('/api/auth/mfa/verify').send({ code: recovery }).expect(401);

    const actions = await db('audit_events')
      .where({ target_id: admin.id })
      .whereLike('action', 'mfa.%')
      .pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['mfa.enable', 'mfa.recovery_code_used']));
    await agent
      .post('/api/auth/mfa/disable')
      .send({ code: codeFor(enrolment.body.secret) })
      .expect(409);
  });

  it('does not ask providers for a code, and refuses the second step without a first', async () => {
    const provider = await createTestUser(db, ['provider']);
    const login = await request(app)
      .post('/api/auth/login')
      .send({ email: provider.email, password: TEST_PASSWORD })
      .expect(200);
    expect(login.body.status).toBe('signed_in');
    const orphan = await request(app).post('/api/auth/mfa/verify').send({ code: '123456' }).expect(401);
    expect(orphan.body.code).toBe('MFA_SESSION_EXPIRED');
  });
});

describe('recovery codes', () => {
  it('are 80-bit codes stored as HMAC-SHA-256 under the server key; a code from before still works once', async () => {
    const user = await createTestUser(db, ['doctor']);
    const agent = request.agent(app);
    await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    const enrolment = await agent.post('/api/auth/mfa/enroll').expect(200);
    const confirmed = await agent
      .post('/api/auth/mfa/confirm')
      .send({ code: codeFor(enrolment.body.secret) })
      .expect(200);
    const codes = confirmed.body.recovery_codes as string[];
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);
    const stored = (await db('mfa_totp_factors').where({ user_id: user.id }).first()).recovery_code_hashes as string[];
    expect(stored).toHaveLength(10);
    for (const hash of stored) expect(hash).toMatch(/^h1:[0-9a-f]{64}$/);
    // Unsalted SHA-256 of the code (the old scheme) is not what is stored.
    const plainSha = createHash('sha256').update(codes[0]!).digest('hex');
    expect(stored.some((hash) => hash.includes(plainSha))).toBe(false);

    // A code issued before HMAC (40 bits, plain SHA-256) keeps working, once.
    const legacy = 'abcde-12345';
    await db('mfa_totp_factors')
      .where({ user_id: user.id })
      .update({ recovery_code_hashes: [...stored, createHash('sha256').update(legacy).digest('hex')] });
    const signIn = async (code: string) => {
      const other = request.agent(app);
      await other.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      return other.post('/api/auth/mfa/verify').send({ code });
    };
    expect((await signIn(legacy.toUpperCase())).status).toBe(200);
    expect((await signIn(legacy)).status).toBe(401);
    // New codes are accepted with or without dashes and in either case.
    expect((await signIn(codes[1]!.replace(/-/g, '').toUpperCase())).status).toBe(200);
    expect((await signIn(codes[1]!)).status).toBe(401);
    const left = (await db('mfa_totp_factors').where({ user_id: user.id }).first()).recovery_code_hashes;
    expect(left).toHaveLength(9);
  });
});
