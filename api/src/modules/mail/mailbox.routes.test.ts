import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { closeTestApp, createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, uniqueEmail } from '../../test-support/test-context.js';

let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let demo: ReturnType<typeof createTestApp>;
let production: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createIsolatedDatabase();
  demo = createTestApp(database.db, { env: { DEMO_MODE: 'true' } });
  production = createTestApp(database.db, { env: { DEMO_MODE: 'false' } });
});
afterAll(async () => {
  await closeTestApp(demo);
  await closeTestApp(production);
  await database.drop();
});

function signUp(app: typeof demo, email: string) {
  return request(app)
    .post('/api/auth/signup')
    .send({ first_name: 'Robin', last_name: 'Mailbox', email, password: 'Quiet-Harbor-2026!' })
    .expect(202);
}

const SIGN_UP_LINK = /^http:\/\/[^/]+\/confirm-sign-up#token=([A-Za-z0-9_-]{43})$/;

describe('the demo mailbox in demo mode', () => {
  it('shows the sign-up mail with its link to the person it was written to, and the link creates the account', async () => {
    const email = uniqueEmail('newcomer');
    await signUp(demo, email);
    const answer = await request(demo).get('/api/demo/mailbox').query({ to: email.toUpperCase() }).expect(200);
    expect(answer.body.mails).toHaveLength(1);
    const [mail] = answer.body.mails as {
      to: string;
      subject: string;
      sent_at: string;
      text: string;
      links: string[];
    }[];
    expect(mail).toMatchObject({
      to: email,
      subject: expect.any(String),
      text: expect.stringContaining('/confirm-sign-up'),
    });
    expect(Date.now() - Date.parse(mail!.sent_at)).toBeLessThan(60_000);
    expect(mail!.links).toHaveLength(1);
    const token = SIGN_UP_LINK.exec(mail!.links[0] ?? '')?.[1];
    expect(token).toBeDefined();
    await request(demo).post('/api/auth/signup/confirm').send({ token }).expect(201);

    // Without `to`: the newest mails of everyone, this one among them.
    const all = await request(demo).get('/api/demo/mailbox').expect(200);
    expect((all.body.mails as { to: string }[]).map((entry) => entry.to)).toContain(email);
    // Another address sees none of it.
    const other = await request(demo)
      .get('/api/demo/mailbox')
      .query({ to: uniqueEmail('other') })
      .expect(200);
    expect(other.body).toEqual({ mails: [] });
  });

  it('refuses an address that is not one, and the storefront page is served', async () => {
    const refused = await request(demo).get('/api/demo/mailbox').query({ to: 'not an address' }).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: 'Enter a valid e-mail address' } });
    const page = await request(demo).get('/demo/mailbox');
    expect(page.status).not.toBe(404);
  });

  it('never shows the password-reset links of the accounts every visitor shares', async () => {
    const shared = 'doctor@demo.supplyhub.test';
    const mail = { to_address: shared, status: 'logged' };
    await database.db('email_outbox').insert([
      { ...mail, subject: 'Reset', template: 'password-reset', text_body: 'http://x.test/reset-password#token=a' },
      { ...mail, subject: 'Order placed', template: 'order-created', text_body: 'http://x.test/orders' },
    ]);
    const answer = await request(demo).get('/api/demo/mailbox').query({ to: shared }).expect(200);
    expect((answer.body.mails as { subject: string }[]).map((entry) => entry.subject)).toEqual(['Order placed']);
    const all = await request(demo).get('/api/demo/mailbox').expect(200);
    expect(all.text).not.toContain('reset-password');
  });

  it('/api/health says mail goes to the demo mailbox', async () => {
    const health = await request(demo).get('/api/health').expect(200);
    expect(health.body.mail).toEqual({ delivery: 'demo_mailbox', message: expect.stringContaining('/demo/mailbox') });
  });
});

describe('outside demo mode', () => {
  it('the demo mailbox does not exist: the API and the page answer 404, whatever the query', async () => {
    const email = uniqueEmail('hidden');
    await signUp(production, email);
    for (const query of [{}, { to: email }, { to: 'not an address' }]) {
      const answer = await request(production).get('/api/demo/mailbox').query(query).expect(404);
      expect(answer.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      expect(JSON.stringify(answer.body)).not.toContain('token');
    }
    await request(production).get('/demo/mailbox').expect(404);
  });

  it('does not exist in a demo whose mail SMTP delivers: the links belong to their recipients alone', async () => {
    const demoWithSmtp = createTestApp(database.db, {
      env: { DEMO_MODE: 'true', SMTP_URL: 'smtp://mail.invalid:2525' },
    });
    try {
      const answer = await request(demoWithSmtp).get('/api/demo/mailbox').expect(404);
      expect(answer.body.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await closeTestApp(demoWithSmtp);
    }
  });

  it('without SMTP, /api/health says sign-up and password-reset mails are not delivered; with SMTP it does not', async () => {
    const health = await request(production).get('/api/health').expect(200);
    expect(health.body.mail).toEqual({
      delivery: 'not_delivered',
      message: expect.stringContaining('Sign-up and password-reset mails are not delivered'),
    });
    const withSmtp = createTestApp(database.db, { env: { SMTP_URL: 'smtp://mail.invalid:2525' } });
    try {
      const answer = await request(withSmtp).get('/api/health').expect(200);
      expect(answer.body.mail.delivery).toBe('smtp');
      expect(answer.body.mail.message).not.toContain('not delivered');
    } finally {
      await closeTestApp(withSmtp);
    }
  });

  it('the back office counts the mails that wait undelivered, admins only, and never shows their links', async () => {
    const admin = (await signedInAgent(production, database.db, ['admin'])).agent;
    const before = (await admin.get('/api/admin/mail/outbox').expect(200)).body as { undelivered: number };
    await signUp(production, uniqueEmail('waiting'));
    await request(production)
      .post('/api/auth/password-reset/request')
      .send({ email: uniqueEmail('nobody') });
    const after = await admin.get('/api/admin/mail/outbox').expect(200);
    expect(after.body).toEqual({
      delivery: 'not_delivered',
      message: expect.stringContaining('not delivered'),
      // The sign-up mail and the password-reset mail (to an address without an account).
      undelivered: before.undelivered + 2,
    });
    expect(after.text).not.toMatch(/token|https?:/);
    // Sent mail is delivered: not counted.
    await database.db('email_outbox').update({ status: 'sent' });
    expect((await admin.get('/api/admin/mail/outbox').expect(200)).body.undelivered).toBe(0);

    const doctor = (await signedInAgent(production, database.db, ['doctor'])).agent;
    await doctor.get('/api/admin/mail/outbox').expect(403);
    await request(production).get('/api/admin/mail/outbox').expect(401);
  });
});
