import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import { saveApprovalLevels } from '../../test-support/approval-levels.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { testConfig, testContext } from '../../test-support/test-context.js';
import { notifyWaitingLevel } from './level-approver-notifications.service.js';

const testbed = useFulfilmentTestbed();

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The active, approved accounts holding `role`, by e-mail. */
async function emailsOfRole(role: string): Promise<string[]> {
  return testbed.database
    .db('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .join('profiles', 'profiles.user_id', 'users.id')
    .where({ 'user_roles.role': role, 'users.status': 'active', 'profiles.onboarding_approved': true })
    .orderBy('users.email')
    .pluck('users.email');
}

/**
 * Waits for the work a submission does after its answer (new-order mails, auto-approval, the
 * level-1 approvers' mails), which ends with the order recording the level its approvers were told of.
 */
async function afterSubmissionDone(orderId: string): Promise<void> {
  await waitFor(async () => {
    const row = await testbed.database.db('orders').where({ id: orderId }).first('approvers_notified_level');
    return row?.approvers_notified_level != null;
  });
}

/** A doctor orders one $800 item (two levels: administrators, then finance); the order as answered. */
async function placeTwoLevelOrder() {
  const db = testbed.database.db;
  await saveApprovalLevels(testbed.app, db, [
    { threshold: 0, roles: ['admin'] },
    { threshold: 500, roles: ['finance'] },
  ]);
  const [product] = await insertProducts(db, [{ title: `Infusion pump ${randomUUID().slice(0, 6)}`, price: '800.00' }]);
  const requester = await signedInAgent(testbed.app, db, ['doctor']);
  await requester.agent
    .put('/api/me/shipping-address')
    .send({ full_name: 'Ward 7', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
    .expect(200);
  const placed = await requester.agent
    .post('/api/orders')
    .set('Idempotency-Key', `k-${randomUUID()}`)
    .send({ lines: [{ asin: product!.asin, quantity: 1 }] })
    .expect(201);
  return { requester, order: placed.body as { id: string; order_number: string } };
}

/** The mails telling approvers an order waits for them, per recipient. */
async function approverMails(orderNumber: string) {
  return testbed.database
    .db('email_outbox')
    .where({ template: 'order-awaits-approval' })
    .whereLike('subject', `Order ${orderNumber} %`)
    .orderBy('to_address')
    .select<{ to_address: string; subject: string; text_body: string }[]>('to_address', 'subject', 'text_body');
}

describe('the approvers of the level an order waits for are told by mail', () => {
  it('on submission everyone who may approve level 1 is told; after level 1, everyone who may approve level 2', async () => {
    const db = testbed.database.db;
    const { requester, order } = await placeTwoLevelOrder();
    await afterSubmissionDone(order.id);

    // Level 1: every administrator hears of the order once (the new-order mail, or this one), finance not yet.
    const admins = await emailsOfRole('admin');
    const finance = await emailsOfRole('finance');
    expect(finance.length).toBeGreaterThan(0);
    await waitFor(async () => {
      const told = await db('email_outbox')
        .whereIn('template', ['order-new', 'order-awaits-approval'])
        .whereLike('subject', `%${order.order_number}%`)
        .pluck('to_address');
      return admins.every((address) => told.includes(address));
    });
    const levelOne = await approverMails(order.order_number);
    expect(levelOne.every((mail) => admins.includes(mail.to_address))).toBe(true);
    for (const mail of levelOne) {
      expect(mail.subject).toBe(`Order ${order.order_number} waits for your approval (level 1)`);
      expect(mail.text_body).toContain(`${testbed.baseUrl}/admin/approvals`);
      expect(mail.text_body).toContain('$800.00');
    }
    const everyTold = await db('email_outbox').whereLike('subject', `%${order.order_number}%`).pluck('to_address');
    expect(new Set(everyTold).size).toBe(everyTold.length); // nobody is told twice
    expect(everyTold.some((address) => finance.includes(address))).toBe(false);

    // An administrator approves level 1: now every finance account is told of level 2.
    const approver = await signedInAgent(testbed.app, db, ['admin']);
    await approver.agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 1 }).expect(200);
    const levelTwo = (await approverMails(order.order_number)).filter((mail) => mail.subject.endsWith('(level 2)'));
    expect(levelTwo.map((mail) => mail.to_address)).toEqual(finance);
    expect(levelTwo[0]!.text_body).toBe(
      `${requester.user.email}'s order ${order.order_number} ($800.00) waits for approval at level 2, which you may give.\n\n` +
        `Approve or reject it at ${testbed.baseUrl}/admin/approvals`,
    );

    // Finance approves the last level: the order is sent and nobody else is asked.
    const before = (await approverMails(order.order_number)).length;
    const financeAgent = await signedInAgent(testbed.app, db, ['finance']);
    await financeAgent.agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 2 }).expect(200);
    expect(await approverMails(order.order_number)).toHaveLength(before);
  });

  it('tells level 2 once when the late post-submission call and the approval both work it out', async () => {
    const { order } = await placeTwoLevelOrder();
    const finance = await emailsOfRole('finance');
    const ctx = testContext(testbed.database.db, { config: testConfig({ PUBLIC_URL: testbed.baseUrl }) });
    const admins = await emailsOfRole('admin');
    await afterSubmissionDone(order.id);

    // The approval tells level 2 while a post-submission call runs late, twice over.
    const approver = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    await Promise.all([
      approver.agent.post(`/api/admin/orders/${order.id}/approve`).send({ level: 1 }).expect(200),
      notifyWaitingLevel(ctx, order.id, admins),
      notifyWaitingLevel(ctx, order.id, admins),
    ]);
    // And again after it, at the same moment: the level they work out was told already.
    await Promise.all([notifyWaitingLevel(ctx, order.id, admins), notifyWaitingLevel(ctx, order.id)]);

    const levelTwo = (await approverMails(order.order_number)).filter((mail) => mail.subject.endsWith('(level 2)'));
    expect(levelTwo.map((mail) => mail.to_address)).toEqual(finance);
    const levelOne = (await approverMails(order.order_number)).filter((mail) => mail.subject.endsWith('(level 1)'));
    expect(new Set(levelOne.map((mail) => mail.to_address)).size).toBe(levelOne.length);
    const row = await testbed.database.db('orders').where({ id: order.id }).first('approvers_notified_level');
    expect(row?.approvers_notified_level).toBe(2);
  });
});
