import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, movableClock, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb, uniqueEmail } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const clock = movableClock();
const app = createTestApp(db, { now: clock.now });
afterAll(() => db.destroy());

async function tokenFromOutbox(email: string): Promise<string> {
  const mail = await db('email_outbox')
    .where({ to_address: email, template: 'password-reset' })
    .orderBy('created_at', 'desc')
    .first();
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '');
  if (!match?.[1]) throw new Error('no reset link in the outbox');
  return match[1];
}

describe('password reset by e-mail', () => {
  it('answers the same for known and unknown e-mails, and mails a link only to a real account', async () => {
    const user = await createTestUser(db, ['doctor']);
    const unknownEmail = uniqueEmail('nobody');
    const known = await request(app).post('/api/auth/password-reset/request').send({ email: user.email }).expect(202);
    const unknown = await request(app)
      .post('/api/auth/password-reset/request')
      .send({ email: unknownEmail })
      .expect(202);
    expect(known.body).toEqual(unknown.body);
    const mail = await db('email_outbox').where({ to_address: user.email }).first('status', 'subject', 'template');
    expect(mail).toEqual({ status: 'logged', subject: 'Reset your Supply Hub password', template: 'password-reset' });
    // The unknown address gets a mail too (same work, same timing), saying there is no account.
    const note = await db('email_outbox').where({ to_address: unknownEmail }).first('subject', 'template', 'text_body');
    expect(note).toMatchObject({ subject: 'Reset your Supply Hub password', template: 'password-reset-no-account' });
    expect(note.text_body).not.toMatch(/#token=/);
  });

  it('changes the password once with the token, ends the old sessions, and refuses the token again', async () => {
    const { agent, user } = await signedInAgent(app, db, ['nurse']);
    await request(app).post('/api/auth/password-reset/request').send({ email: user.email }).expect(202);
    const token = await tokenFromOutbox(user.email);
    await request(app).post('/api/auth/password-reset/check').send({ token }).expect(204);
    const weak = await request(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'password' })
      .expect(400);
    expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD', errors: { password: expect.any(String) } });
    await request(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Granite-Meadow-77' })
      .expect(200);
    await agent.get('/api/auth/session').expect(401);
    await request(app).post('/api/auth/login').send({ email: user.email, password: 'Granite-Meadow-77' }).expect(200);
    const reused = await request(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Another-Pass-88' })
      .expect(400);
    expect(reused.body.code).toBe('RESET_TOKEN_INVALID');
    // The page checks the link as it opens: a used one says so before a password is typed.
    const checked = await request(app).post('/api/auth/password-reset/check').send({ token }).expect(400);
    expect(checked.body.code).toBe('RESET_TOKEN_INVALID');
    expect(
      await db('audit_events').where({ action: 'auth.password_reset', target_id: user.id }).count('* as n').first(),
    ).toEqual({ n: 1 });
  });

  it('refuses a token older than 30 minutes', async () => {
    const user = await createTestUser(db, ['provider']);
    await request(app).post('/api/auth/password-reset/request').send({ email: user.email }).expect(202);
    const token = await tokenFromOutbox(user.email);
    clock.advance(31 * 60_000);
    const expired = await request(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Granite-Meadow-77' })
      .expect(400);
    expect(expired.body.code).toBe('RESET_TOKEN_INVALID');
    const checked = await request(app).post('/api/auth/password-reset/check').send({ token }).expect(400);
    expect(checked.body.code).toBe('RESET_TOKEN_INVALID');
  });
});
