import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';

import { mailOutboxJob } from '../../jobs/mail-outbox.job.js';
import { runJob } from '../../jobs/run-job.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import {
  createTestApp,
  createTestUser,
  movableClock,
  signedInAgent,
  closeTestApp,
} from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, testConfig, testContext } from '../../test-support/test-context.js';

interface ReceivedMail {
  to: string[];
  data: string;
}

/** A real SMTP server on a free port; `refusing` makes it answer every recipient with a 451. */
function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise<{ url: string; received: ReceivedMail[]; state: typeof state; close(): Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.server.address() as AddressInfo;
        resolve({
          url: `smtp://127.0.0.1:${port}`,
          received,
          state,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      });
    },
  );
}

describe('mail over SMTP, with the outbox job sending what could not be sent at once', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: ReturnType<typeof createTestApp>;
  const clock = movableClock();
  const runOutboxJob = async () => {
    const config = testConfig({ SMTP_URL: smtp.url });
    const run = await runJob(testContext(database.db, { config, now: clock.now }), mailOutboxJob, 'manual');
    expect(run.outcome).toBe('success');
    return run.counts;
  };
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const outboxRowsTo = (address: string) =>
    database.db('email_outbox').where({ to_address: address }).select('status', 'attempts', 'last_error');

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    smtp = await startSmtpServer();
    app = createTestApp(database.db, { now: clock.now, env: { SMTP_URL: smtp.url } });
  });
  beforeEach(() => {
    smtp.state.refusing = false;
  });
  afterAll(async () => {
    await closeTestApp(app);
    await smtp.close();
    await database.drop();
  });

  it("sends an admin's new-order mail when the order is submitted, and marks it sent", async () => {
    const admin = await createTestUser(database.db, ['admin']);
    const requester = await signedInAgent(app, database.db, ['doctor']);
    const [product] = await insertProducts(database.db, [{ title: 'Mailed swabs', price: '2.00' }]);
    const order = await requester.agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin: product!.asin, quantity: 2 }] })
      .expect(201);

    const deadline = Date.now() + 5_000;
    while (mailsTo(admin.email).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const [mail] = mailsTo(admin.email);
    expect(mail?.data).toContain(`Subject: New order ${(order.body as { order_number: string }).order_number}`);
    // The sender marks the row after the SMTP server's answer, which the test's server gives first.
    let rows = await outboxRowsTo(admin.email);
    while (rows[0]?.status === 'pending' && Date.now() < deadline + 5_000) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await outboxRowsTo(admin.email);
    }
    expect(rows).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('keeps a refused mail as failed, and the job sends it once its retry time has come', async () => {
    const user = await createTestUser(database.db, ['doctor']);
    smtp.state.refusing = true;
    await request(app).post('/api/auth/password-reset/request').send({ email: user.email }).expect(202);
    const [failed] = await outboxRowsTo(user.email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.last_error).toContain('Mailbox busy');

    smtp.state.refusing = false;
    expect(await runOutboxJob()).toEqual({ sent: 0, failed: 0 }); // not due for a minute
    clock.advance(61_000);
    expect(await runOutboxJob()).toEqual({ sent: 1, failed: 0 });
    expect(await runOutboxJob()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(user.email)[0]?.data).toContain('Subject: ');
    expect(await outboxRowsTo(user.email)).toEqual([
      {
        status: 'sent',
        attempts: 2,
        last_error: "Can't send mail - all recipients were rejected: 451 Mailbox busy, try later",
      },
    ]);
  });

  it('sends mail a crashed process left pending, after the grace period, exactly once', async () => {
    const address = `crashed-${randomUUID().slice(0, 8)}@example.test`;
    await database.db('email_outbox').insert({
      to_address: address,
      subject: 'Left behind',
      text_body: 'Queued by a process that ended before sending it.',
      template: 'order-submitted',
      status: 'pending',
      created_at: new Date(clock.now().getTime() - 30_000),
    });
    expect(await runOutboxJob()).toEqual({ sent: 0, failed: 0 }); // its own request may still send it
    clock.advance(2 * 60_000);
    expect(await runOutboxJob()).toEqual({ sent: 1, failed: 0 });
    expect(await runOutboxJob()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(address)).toHaveLength(1);
    expect(await outboxRowsTo(address)).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('gives up after five attempts and leaves the mail failed with its last error', async () => {
    const user = await createTestUser(database.db, ['doctor']);
    smtp.state.refusing = true;
    await request(app).post('/api/auth/password-reset/request').send({ email: user.email }).expect(202);
    for (let run = 0; run < 6; run += 1) {
      clock.advance(20 * 60_000);
      await runOutboxJob();
    }
    const [row] = await outboxRowsTo(user.email);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(row?.last_error).toContain('451');
    expect(mailsTo(user.email)).toHaveLength(0);
  });
});
