import { randomBytes, randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import type { Role } from '../../contracts/roles.rules.js';
import { saveApprovalLevels } from '../../test-support/approval-levels.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { fulfilmentScenarios } from '../../test-support/fulfilment-scenarios.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { validateWithXmllint } from '../../test-support/xmllint.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
interface Line {
  id: string;
  line_number: number;
  title: string;
  total_price: string;
  rejection: { reason: string; rejected_by: string; rejected_at: string; level: number } | null;
}

const testbed = useFulfilmentTestbed();
const scenarios = fulfilmentScenarios(testbed);
const agentOf = (roles: Role[]) => signedInAgent(testbed.app, testbed.database.db, roles);

const setLevels = (levels: { threshold: number; roles: Role[] }[]) =>
  saveApprovalLevels(testbed.app, testbed.database.db, levels);

/** A pending order with one line per price (quantity 1 each), by a new doctor with an address. */
async function pendingOrder(prices: string[], requester?: Agent) {
  const tag = randomUUID().slice(0, 6);
  const products = await insertProducts(
    testbed.database.db,
    prices.map((price, index) => ({ title: `Line item ${index + 1} ${tag}`, price })),
  );
  const who = requester ?? (await agentOf(['doctor']));
  await who.agent
    .put('/api/me/shipping-address')
    .send({ full_name: 'Ward 7', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
    .expect(200);
  const order = await who.agent
    .post('/api/orders')
    .set('Idempotency-Key', `k-${randomUUID()}`)
    .send({ lines: products.map((product) => ({ asin: product.asin, quantity: 1 })) })
    .expect(201);
  const body = order.body as { id: string; order_number: string; lines: Line[] };
  return { ...body, requester: who };
}

/** What the database holds of an order: its status, total, lines ordered, rejections and approvals. */
async function stored(orderId: string) {
  const db = testbed.database.db;
  const order = await db('orders').where({ id: orderId }).first('status', db.raw('total_amount::text AS total'));
  return {
    status: order.status as string,
    total: order.total as string,
    ordered: (await db('order_items')
      .where({ order_id: orderId })
      .orderBy('line_number')
      .pluck('line_number')) as number[],
    rejected: (await db('order_line_rejections').where({ order_id: orderId }).pluck('line_number')) as number[],
    approvals: (await db('order_approvals').where({ order_id: orderId }).orderBy('level').pluck('level')) as number[],
  };
}

async function requestXmlOf(orderId: string): Promise<string> {
  const log = await testbed.database.db('ab_logs').where({ order_id: orderId, status: 'success' }).first('request_xml');
  return log.request_xml as string;
}

/** The spend of every day and region in the report rollups. */
async function reportedSpend(): Promise<number> {
  const row = await testbed.database
    .db('report_daily_orders')
    .first(testbed.database.db.raw('coalesce(sum(spend), 0)::text AS spend'));
  return Number(row.spend);
}

describe('POST /api/admin/orders/:id/approve with rejected_lines', () => {
  it("the requester's orders list and the order's page agree: a line the approver rejected is not awaited from the supplier", async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const { agent: admin } = await agentOf(['admin']);
    const order = await pendingOrder(['10.00', '20.00', '30.00']);
    await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ rejected_lines: [{ item_id: order.lines[1]!.id, reason: 'Not stocked on this ward' }] })
      .expect(200);
    const payload = await testbed.database.db('orders').where({ id: order.id }).first('payload_id');
    await scenarios.confirm(
      { id: order.id, order_number: order.order_number, payload_id: payload.payload_id, requester: order.requester },
      {
        type: 'detail',
        items: [
          { lineNumber: 1, quantity: 1, statuses: [{ type: 'accept', quantity: 1 }] },
          { lineNumber: 3, quantity: 1, statuses: [{ type: 'accept', quantity: 1 }] },
        ],
      },
    );

    const page = (await order.requester.agent.get(`/api/orders/${order.id}`).expect(200)).body as {
      fulfilment: { fulfilment_status: string };
    };
    const listed = (
      (await order.requester.agent.get('/api/orders').expect(200)).body as {
        data: { id: string; fulfilment_summary: { fulfilment_status: string } | null }[];
      }
    ).data.find((candidate) => candidate.id === order.id);
    expect(page.fulfilment.fulfilment_status).toBe('confirmed');
    expect(listed?.fulfilment_summary?.fulfilment_status).toBe('confirmed');
  });

  it('rejects 1 of 3 lines and sends the other 2: the OrderRequest is DTD-valid with the recomputed total', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const order = await pendingOrder(['10.00', '20.00', '30.00']);
    const { agent: admin, user: approver } = await agentOf(['admin']);
    const second = order.lines[1]!;
    const spendBefore = await reportedSpend();
    const approved = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ rejected_lines: [{ item_id: second.id, reason: '  Not stocked on this ward  ' }] })
      .expect(200);
    expect(approved.body.result).toMatchObject({ ok: true, stage: 'done' });
    expect(approved.body.order).toMatchObject({ status: 'submitted', total_amount: '40.00' });
    expect(approved.body.order).toEqual((await admin.get(`/api/admin/orders/${order.id}`).expect(200)).body);
    const lines = approved.body.order.lines as Line[];
    expect(lines.map((line) => [line.line_number, line.rejection?.reason ?? null])).toEqual([
      [1, null],
      [2, 'Not stocked on this ward'],
      [3, null],
    ]);
    expect(lines[1]!.rejection).toEqual({
      reason: 'Not stocked on this ward',
      rejected_by: approver.email,
      rejected_at: expect.any(String),
      level: 1,
    });
    expect(await stored(order.id)).toEqual({
      status: 'submitted',
      total: '40.00',
      ordered: [1, 3],
      rejected: [2],
      approvals: [1],
    });

    // The reports count the lines sent, never the rejected one.
    expect(((await reportedSpend()) - spendBefore).toFixed(2)).toBe('40.00');
    expect(
      await testbed.database.db('report_daily_products').where({ title_snapshot: second.title }).first(),
    ).toBeUndefined();

    const xml = await requestXmlOf(order.id);
    expect(validateWithXmllint(xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });
    expect(xml.match(/<ItemOut /g)).toHaveLength(2);
    expect(xml).toContain('lineNumber="1"');
    expect(xml).toContain('lineNumber="3"');
    expect(xml).not.toContain('lineNumber="2"');
    expect(xml).not.toContain(second.title);
    expect(xml).toMatch(/<Total>\s*<Money currency="USD">40\.00<\/Money>\s*<\/Total>/);

    // The requester sees the line struck out with its reason, hears of it live and by mail.
    const own = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(own.body.total_amount).toBe('40.00');
    expect(own.body.lines[1].rejection).toMatchObject({ reason: 'Not stocked on this ward' });
    expect(own.body.fulfilment.events).toContainEqual({
      type: 'lines_rejected',
      actor: approver.email,
      at: expect.any(String),
      details: {
        level: 1,
        total_amount: '40.00',
        lines: [
          {
            line_number: 2,
            title: second.title,
            quantity: 1,
            total_price: '20.00',
            reason: 'Not stocked on this ward',
          },
        ],
      },
    });
    const mail = await testbed.database
      .db('email_outbox')
      .where({ template: 'order-lines-rejected', to_address: order.requester.user.email.toLowerCase() })
      .first('subject', 'text_body');
    expect(mail.subject).toBe(`Items of order ${order.order_number} were rejected`);
    expect(mail.text_body).toContain(
      `- Line 2: ${second.title} (quantity 1, $20.00). Rejected by approver: Not stocked on this ward`,
    );
    expect(mail.text_body).toContain("the order's new total is $40.00");
    const audit = await testbed.database
      .db('audit_events')
      .where({ action: 'order.reject_lines', target_id: order.id })
      .first('details');
    expect(audit.details).toMatchObject({ level: 1, total_amount: '40.00' });

    // Receiving never expects the rejected line, nor accepts a receipt for it.
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 2, quantity: 1 }] })
      .expect(422);
  });

  it('rejecting every line rejects the order, as the reject command does', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const order = await pendingOrder(['5.00', '6.00']);
    const { agent: admin } = await agentOf(['admin']);
    const answered = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({
        rejected_lines: [
          { item_id: order.lines[1]!.id, reason: 'Duplicate' },
          { item_id: order.lines[0]!.id, reason: 'Wrong size' },
        ],
      })
      .expect(200);
    const reason = `Line 1 (${order.lines[0]!.title}): Wrong size; Line 2 (${order.lines[1]!.title}): Duplicate`;
    expect(answered.body.result).toBeNull();
    expect(answered.body.order).toMatchObject({ status: 'rejected', rejection_reason: reason });
    expect(await stored(order.id)).toMatchObject({ status: 'rejected', ordered: [], rejected: [1, 2], approvals: [] });
    const mail = await testbed.database
      .db('email_outbox')
      .where({ template: 'order-rejected', to_address: order.requester.user.email.toLowerCase() })
      .first('subject', 'text_body');
    expect(mail.subject).toBe(`Order ${order.order_number} was rejected`);
    expect(mail.text_body).toContain(`Reason: ${reason}`);
    expect(await testbed.database.db('ab_logs').where({ order_id: order.id }).first()).toBeUndefined();
    expect(
      await testbed.database.db('audit_events').where({ action: 'order.reject', target_id: order.id }).first('details'),
    ).toMatchObject({ details: { reason, from: 'pending' } });
  });

  it('a 2-level order whose total drops under level 2 at level 1 is sent without level 2', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 100, roles: ['finance'] },
    ]);
    const order = await pendingOrder(['60.00', '90.00']);
    const { agent: admin } = await agentOf(['admin']);
    const before = await admin.get(`/api/admin/orders/${order.id}`).expect(200);
    expect(before.body.approval.waiting_for).toHaveLength(2);
    const approved = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ level: 1, rejected_lines: [{ item_id: order.lines[1]!.id, reason: 'Over the ward allowance' }] })
      .expect(200);
    expect(approved.body.order).toMatchObject({
      status: 'submitted',
      total_amount: '60.00',
      approval: { approvals: [{ level: 1 }], waiting_for: [] },
    });
    expect(await stored(order.id)).toMatchObject({ status: 'submitted', approvals: [1], ordered: [1] });
    expect(validateWithXmllint(await requestXmlOf(order.id), 'cXML.dtd').isValid).toBe(true);
  });

  it('an order still over level 2 waits for it; a line already rejected is refused there', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 100, roles: ['finance'] },
    ]);
    const order = await pendingOrder(['150.00', '10.00']);
    const { agent: admin } = await agentOf(['admin']);
    const first = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ rejected_lines: [{ item_id: order.lines[1]!.id, reason: 'Not needed' }] })
      .expect(200);
    expect(first.body.result).toBeNull();
    expect(first.body.order).toMatchObject({
      status: 'pending',
      total_amount: '150.00',
      approval: { approvals: [{ level: 1 }], waiting_for: [{ level: 2 }] },
    });
    const { agent: finance } = await agentOf(['finance']);
    const again = await finance
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ rejected_lines: [{ item_id: order.lines[1]!.id, reason: 'Still not needed' }] })
      .expect(422);
    expect(again.body).toMatchObject({ code: 'ORDER_LINE_ALREADY_REJECTED' });
    expect(await stored(order.id)).toMatchObject({ status: 'pending', approvals: [1], ordered: [1], rejected: [2] });
    await finance.post(`/api/admin/orders/${order.id}/approve`).send({}).expect(200);
    expect(await stored(order.id)).toMatchObject({ status: 'submitted', approvals: [1, 2] });
  });

  it('refuses unknown and foreign lines and bad reasons with 422/400, changing nothing', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const order = await pendingOrder(['10.00', '20.00']);
    const other = await pendingOrder(['30.00']);
    const { agent: admin } = await agentOf(['admin']);
    const unchanged = await stored(order.id);
    const unknown = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ rejected_lines: [{ item_id: randomUUID(), reason: 'Gone' }] })
      .expect(422);
    expect(unknown.body).toMatchObject({
      code: 'ORDER_LINE_UNKNOWN',
      message: expect.stringContaining(`is not a line of order ${order.order_number}`),
      errors: { 'rejected_lines.0.item_id': expect.any(String) },
    });
    const foreign = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({
        rejected_lines: [
          { item_id: order.lines[0]!.id, reason: 'Fine' },
          { item_id: other.lines[0]!.id, reason: 'Not this order' },
        ],
      })
      .expect(422);
    expect(foreign.body).toMatchObject({
      code: 'ORDER_LINE_UNKNOWN',
      errors: { 'rejected_lines.1.item_id': expect.any(String) },
    });
    const repeated = await admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({
        rejected_lines: [
          { item_id: order.lines[0]!.id, reason: 'One' },
          { item_id: order.lines[0]!.id, reason: 'Two' },
        ],
      })
      .expect(422);
    expect(repeated.body).toMatchObject({ code: 'ORDER_LINE_REPEATED' });
    for (const reason of ['   ', 'x'.repeat(501)]) {
      const refused = await admin
        .post(`/api/admin/orders/${order.id}/approve`)
        .send({ rejected_lines: [{ item_id: order.lines[0]!.id, reason }] })
        .expect(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { 'rejected_lines.0.reason': expect.any(String) },
      });
    }
    expect(await stored(order.id)).toEqual(unchanged);
    expect(await stored(other.id)).toMatchObject({ status: 'pending', ordered: [1], rejected: [] });
    expect(
      await testbed.database.db('order_events').where({ order_id: order.id, event_type: 'lines_rejected' }).first(),
    ).toBeUndefined();
  });

  it('the requester cannot reject lines of their own order, even as an admin (403, nothing changed)', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const requester = await agentOf(['doctor']);
    const order = await pendingOrder(['10.00', '20.00'], requester);
    await testbed.database.db('user_roles').insert({ user_id: requester.user.id, role: 'admin' });
    const refused = await requester.agent
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({ rejected_lines: [{ item_id: order.lines[0]!.id, reason: 'Mine' }] })
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'APPROVAL_OWN_ORDER' });
    expect(await stored(order.id)).toEqual({
      status: 'pending',
      total: '30.00',
      ordered: [1, 2],
      rejected: [],
      approvals: [],
    });
  });
});

describe('a claim that waited on a line rejection', () => {
  it('sends the lines as they are once the rejection commits, never the rejected one', async () => {
    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const order = await pendingOrder(['10.00', '20.00']);
    const { agent: admin } = await agentOf(['admin']);
    const rejected = order.lines[1]!;
    // Another approver's rejection holds the order's row lock while this approval's claim starts.
    const trx = await testbed.database.db.transaction();
    await trx('orders').where({ id: order.id }).forUpdate().first('id');
    await trx.raw(
      `WITH moved AS (DELETE FROM order_items WHERE id = ? RETURNING *)
       INSERT INTO order_line_rejections (id, order_id, line_number, product_id, asin, sku, title, quantity,
         unit_price, total_price, level, reason, rejected_by_label, rejected_at)
       SELECT id, order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
         1, 'Not needed', 'Another approver', now() FROM moved`,
      [rejected.id],
    );
    await trx('orders').where({ id: order.id }).update({ total_amount: '10.00' });
    const approving = admin
      .post(`/api/admin/orders/${order.id}/approve`)
      .send({})
      .then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await trx.commit();
    const approved = await approving;
    expect(approved.status).toBe(200);
    expect(approved.body.order).toMatchObject({ status: 'submitted', total_amount: '10.00' });
    const xml = await requestXmlOf(order.id);
    expect(validateWithXmllint(xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });
    expect(xml.match(/<ItemOut /g)).toHaveLength(1);
    expect(xml).not.toContain(rejected.title);
    expect(approved.body.order.lines[1].rejection).toMatchObject({ reason: 'Not needed' });
  });
});

describe('the budget gives rejected lines back at once', () => {
  it('committed drops when an approver rejects a line, and again when the supplier rejects some', async () => {
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 1000, roles: ['finance'] },
    ]);
    const { agent: admin } = await agentOf(['admin']);
    const code = `L-${randomBytes(4).toString('hex').toUpperCase()}`;
    const department = (await admin.post('/api/admin/departments').send({ code, name: 'Ward L' }).expect(201)).body as {
      id: string;
    };
    await admin
      .post('/api/admin/budgets')
      .send({ department_id: department.id, period: 'month', amount: '500.00', policy: 'stop' })
      .expect(201);
    const requester = await agentOf(['doctor']);
    await admin.put(`/api/admin/users/${requester.user.id}`).send({ department_id: department.id }).expect(200);
    const committed = async () => (await requester.agent.get('/api/me/budget').expect(200)).body.committed as string;

    const held = await pendingOrder(['40.00', '60.00'], requester);
    expect(await committed()).toBe('100.00');
    // Two levels would be needed from 1000: this order needs one; keep it pending by rejecting under a 2-level rule.
    await setLevels([
      { threshold: 0, roles: ['admin'] },
      { threshold: 10, roles: ['finance'] },
    ]);
    await admin
      .post(`/api/admin/orders/${held.id}/approve`)
      .send({ rejected_lines: [{ item_id: held.lines[1]!.id, reason: 'Too many' }] })
      .expect(200);
    expect(await stored(held.id)).toMatchObject({ status: 'pending', total: '40.00' });
    expect(await committed()).toBe('40.00');

    await setLevels([{ threshold: 0, roles: ['admin'] }]);
    const sent = await pendingOrder(['25.00', '35.00'], requester);
    await admin.post(`/api/admin/orders/${sent.id}/approve`).send({}).expect(200);
    expect(await committed()).toBe('100.00');
    const payload = await testbed.database.db('orders').where({ id: sent.id }).first('payload_id');
    await scenarios.confirm(
      { id: sent.id, order_number: sent.order_number, payload_id: payload.payload_id, requester: sent.requester },
      {
        type: 'detail',
        items: [
          { lineNumber: 1, quantity: 1, statuses: [{ type: 'accept', quantity: 1 }] },
          { lineNumber: 2, quantity: 1, statuses: [{ type: 'reject', quantity: 1, comments: 'Discontinued' }] },
        ],
      },
    );
    expect(await committed()).toBe('65.00');
    const budget = (
      await admin
        .get('/api/admin/budgets')
        .query({ filter: JSON.stringify({ department_id: department.id }) })
        .expect(200)
    ).body[0] as { committed: string; spent: string };
    expect(budget).toMatchObject({ committed: '65.00', spent: '25.00' });
  });
});
