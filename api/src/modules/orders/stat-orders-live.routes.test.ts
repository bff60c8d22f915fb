import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { saveApprovalLevels } from '../../test-support/approval-levels.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { testContext, uniqueEmail } from '../../test-support/test-context.js';
import { createUsersSharingPassword } from '../users/users.service.js';

// A STAT order's approvers are told at once: by mail, and on their open pages (GET /api/events).
const testbed = useFulfilmentTestbed();
type Agent = ReturnType<typeof request.agent>;

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A doctor with a ship-to. */
function requester() {
  return signedInAgent(testbed.app, testbed.database.db, ['doctor']);
}

async function product(price: string) {
  const [row] = await insertProducts(testbed.database.db, [{ title: `Saline ${randomUUID().slice(0, 6)}`, price }]);
  return row!;
}

function order(agent: Agent, asin: string, quantity: number, urgent: { reason: string }) {
  return agent
    .post('/api/orders')
    .set('Idempotency-Key', `stat-${randomUUID()}`)
    .send({ lines: [{ asin, quantity }], urgent });
}

/** STAT orders wait for a person: no automatic approval of any kind. */
function setNoAutoApproval(admin: Agent) {
  return admin
    .put('/api/admin/settings/automation')
    .send({
      auto_sync_daily: true,
      email_notifications_new_orders: false,
      auto_approve_enabled: false,
      auto_approve_under_amount: 100,
      stat_auto_approve_under: null,
    })
    .expect(200);
}

/** Waits until the approvers of the order's level have been told (the work after the submission). */
async function afterSubmissionDone(orderId: string): Promise<void> {
  await waitFor(async () => {
    const row = await testbed.database.db('orders').where({ id: orderId }).first('approvers_notified_level');
    return row.approvers_notified_level !== null;
  });
}

/** An open GET /api/events of the account: `until` reads it until the text matches or the time runs out, then closes it. */
async function openEventStream(email: string) {
  const login = await fetch(`${testbed.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  const cookie = /supply_hub\.sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const controller = new AbortController();
  const stream = await fetch(`${testbed.baseUrl}/api/events`, {
    headers: { Cookie: cookie },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  let heard = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      heard += new TextDecoder().decode(value);
    }
  })().catch(() => undefined);
  return {
    async until(isEnough: (text: string) => boolean, timeoutMs = 8000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!isEnough(heard) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
      await reading;
      return heard;
    },
  };
}

describe('a STAT order’s approvers are told at once', () => {
  it('mails every approver of its level at once with a STAT subject, and only their open pages hear of it live', async () => {
    const db = testbed.database.db;
    const admin = await signedInAgent(testbed.app, db, ['admin']);
    const finance = await signedInAgent(testbed.app, db, ['finance']);
    const bystander = await signedInAgent(testbed.app, db, ['doctor']);
    await saveApprovalLevels(testbed.app, db, [{ threshold: 0, roles: ['admin'] }]);
    await setNoAutoApproval(admin.agent);
    // An approver of the level, finance (who approves orders, but not at this level) and a doctor.
    const approverStream = await openEventStream(admin.user.email);
    const financeStream = await openEventStream(finance.user.email);
    const bystanderStream = await openEventStream(bystander.user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const doctor = await requester();
    const item = await product('12.50');
    const stat = await order(doctor.agent, item.asin, 2, { reason: 'Code blue, bay 3' }).expect(201);
    await afterSubmissionDone(stat.body.id);
    const heard = await approverStream.until((text) => text.includes('order.stat_waiting'));
    const heardByFinance = await financeStream.until(() => false, 1000);
    const heardByBystander = await bystanderStream.until(() => false, 0);

    const admins: string[] = await db('users')
      .join('user_roles', 'user_roles.user_id', 'users.id')
      .join('profiles', 'profiles.user_id', 'users.id')
      .where({ 'user_roles.role': 'admin', 'users.status': 'active', 'profiles.onboarding_approved': true })
      .orderBy('users.email')
      .pluck('users.email');
    const mails = await db('email_outbox')
      .where({ template: 'order-awaits-approval' })
      .whereLike('subject', `%${stat.body.order_number}%`)
      .orderBy('to_address')
      .select<{ to_address: string; subject: string; text_body: string; status: string }[]>();
    expect(mails.map((mail) => mail.to_address)).toEqual(admins);
    for (const mail of mails) {
      expect(mail.subject).toBe(`STAT: Order ${stat.body.order_number} waits for your approval (level 1)`);
      expect(mail.text_body).toContain('It is a STAT order, needed today: Code blue, bay 3');
      expect(['sent', 'logged']).toContain(mail.status);
    }
    // The event names the order and the level, and no approver.
    const data = /event: order\.stat_waiting\ndata: (.+)\n/.exec(heard)?.[1];
    expect(data && JSON.parse(data)).toEqual({
      type: 'order.stat_waiting',
      order_id: stat.body.id,
      order_number: stat.body.order_number,
      level: 1,
    });
    expect(heardByFinance).not.toContain('order.stat_waiting');
    expect(heardByBystander).not.toContain('order.stat_waiting');
  });
});

// Last in the file: the many approvers it adds would be mailed about every later order.
describe('a STAT order waiting at a level with hundreds of approvers', () => {
  it('mails every one of them and still tells the open pages (the event names no approver, so its size stays put)', async () => {
    const db = testbed.database.db;
    const admin = await signedInAgent(testbed.app, db, ['admin']);
    await saveApprovalLevels(testbed.app, db, [{ threshold: 0, roles: ['admin'] }]);
    await setNoAutoApproval(admin.agent);
    // 250 ids in one NOTIFY payload would be past PostgreSQL's 8000 bytes.
    await createUsersSharingPassword(
      testContext(db),
      TEST_PASSWORD,
      Array.from({ length: 250 }, (_unused, index) => ({
        email: uniqueEmail(`approver${index}`),
        firstName: 'Many',
        lastName: 'Approvers',
        roles: ['admin' as const],
        isApproved: true,
      })),
    );
    const approverStream = await openEventStream(admin.user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const doctor = await requester();
    const stat = await order(doctor.agent, (await product('8.00')).asin, 1, { reason: 'Crash cart empty' }).expect(201);
    await afterSubmissionDone(stat.body.id);
    const heard = await approverStream.until((text) => text.includes(stat.body.order_number));
    expect(heard).toContain('event: order.stat_waiting');
    const activeAdmins = await db('users')
      .join('user_roles', 'user_roles.user_id', 'users.id')
      .join('profiles', 'profiles.user_id', 'users.id')
      .where({ 'user_roles.role': 'admin', 'users.status': 'active', 'profiles.onboarding_approved': true })
      .countDistinct('users.id as n');
    const mails = await db('email_outbox')
      .where({ template: 'order-awaits-approval' })
      .whereLike('subject', `STAT: Order ${stat.body.order_number} %`)
      .count('* as n');
    expect(Number(mails[0]!.n)).toBeGreaterThan(250);
    expect(Number(mails[0]!.n)).toBe(Number(activeAdmins[0]!.n));
  });
});
