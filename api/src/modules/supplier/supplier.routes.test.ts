import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, setAutoApproval, signedInAgent } from '../../test-support/http-test-app.js';
import { freePort } from '../../test-support/processes.js';
import { createIsolatedDatabase, testConfig, testContext } from '../../test-support/test-context.js';
import { recoverOrdersLeftInFlight } from './supplier-submission.service.js';

describe('approving an order sends one cXML OrderRequest to the supplier', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let server: Server;
  let baseUrl = '';
  const env = () => ({
    PUBLIC_URL: baseUrl,
    SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${new URL(baseUrl).port}`,
    SUPPLIER_TIMEOUT_MS: '1500',
  });

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    baseUrl = `http://127.0.0.1:${await freePort()}`;
    app = createTestApp(database.db, { env: env() });
    server = app.listen(Number(new URL(baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    expect((server.address() as AddressInfo).port).toBe(Number(new URL(baseUrl).port));
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    await agent
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: `${baseUrl}/sandbox/supplier/cxml`,
        identity: 'SUPPLYHUB-TEST',
        shared_secret: 'sandbox-secret-123',
        test_mode: true,
      })
      .expect(200);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await closeTestApp(app);
    await database.drop();
  });

  async function pendingOrder(options: { quantity?: number; withAddress?: boolean } = {}) {
    const [product] = await insertProducts(database.db, [
      { title: `Approval item ${randomUUID().slice(0, 6)}`, price: '7.25' },
    ]);
    const requester = await signedInAgent(app, database.db, ['doctor']);
    await requester.agent
      .put('/api/me/shipping-address')
      .send({
        full_name: 'Dr. Ship To',
        street_line1: '1 Dock Rd',
        city: 'Boston',
        state: 'MA',
        postal_code: '02118',
      })
      .expect(200);
    const order = await requester.agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin: product!.asin, quantity: options.quantity ?? 2 }] })
      .expect(201);
    // An order is refused without an address: one without is an order whose requester's address went away since.
    if (options.withAddress === false) {
      await database.db('shipping_addresses').where({ user_id: requester.user.id }).delete();
    }
    return order.body as { id: string; order_number: string };
  }

  const sandboxOrders = async (_orderNumber: string) =>
    (await (await fetch(`${baseUrl}/sandbox/supplier/orders`)).json()) as
      { data?: { order_id: string }[] } | { order_id: string }[];

  function countFor(list: Awaited<ReturnType<typeof sandboxOrders>>, orderNumber: string): number {
    const rows = Array.isArray(list) ? list : (list.data ?? []);
    return rows.filter((row) => row.order_id === orderNumber).length;
  }

  it('approves, submits, copies the ship-to, and logs the request without the secret', async () => {
    const order = await pendingOrder();
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const response = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(response.body.result).toMatchObject({
      ok: true,
      stage: 'done',
      httpStatus: 200,
      addressSummary: { name: 'Dr. Ship To', city: 'Boston', state: 'MA', postal: '02118' },
    });
    expect(response.body.order.status).toBe('submitted');
    // The answer's order is built without reading it back: it must equal what a read gives.
    expect(response.body.order).toEqual((await agent.get(`/api/admin/orders/${order.id}`).expect(200)).body);
    const stored = await database
      .db('orders')
      .where({ id: order.id })
      .first('ship_to_state', 'supplier_order_id', 'payload_id', 'submission_started_at');
    expect(stored).toMatchObject({
      ship_to_state: 'MA',
      supplier_order_id: expect.stringMatching(/^SBX-/),
      submission_started_at: null,
    });
    const log = await database
      .db('ab_logs')
      .where({ order_id: order.id })
      .first('status', 'request_xml', 'http_status', 'test_mode');
    expect(log).toMatchObject({ status: 'success', http_status: 200, test_mode: true });
    expect(log.request_xml).toContain(`orderID="${order.order_number}"`);
    expect(log.request_xml).not.toContain('sandbox-secret-123');
    expect(countFor(await sandboxOrders(order.order_number), order.order_number)).toBe(1);
    const mail = await database.db('email_outbox').where({ template: 'order-submitted' }).first('subject');
    expect(mail.subject).toBe(`Order ${order.order_number} approved and sent to the supplier`);
  });

  it('stops at the address stage without one, changing nothing', async () => {
    const order = await pendingOrder({ withAddress: false });
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const refused = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(422);
    expect(refused.body).toMatchObject({
      code: 'MISSING_SHIP_TO',
      details: { result: { ok: false, stage: 'address', error: 'MISSING_SHIP_TO' } },
    });
    expect(await database.db('orders').where({ id: order.id }).first('status')).toEqual({ status: 'pending' });
  });

  it('sends exactly one request when ten approvals arrive at once from two admins', async () => {
    const order = await pendingOrder();
    const [first, second] = await Promise.all([
      signedInAgent(app, database.db, ['admin']),
      signedInAgent(app, database.db, ['super_admin']),
    ]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? first : second).agent.post(`/api/admin/orders/${order.id}/approve`),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(9);
    expect(countFor(await sandboxOrders(order.order_number), order.order_number)).toBe(1);
  });

  it('marks a cXML 400 as failed with the reason, and a retry resends the same payloadID', async () => {
    const order = await pendingOrder({ quantity: 9002 });
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const refused = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(refused.body.result).toMatchObject({ ok: false, stage: 'response' });
    expect(refused.body.order).toMatchObject({ status: 'failed', rejection_reason: expect.stringContaining('400') });
    expect(refused.body.order).toEqual((await agent.get(`/api/admin/orders/${order.id}`).expect(200)).body);
    const failedMail = await database
      .db('email_outbox')
      .where({ subject: `Order ${order.order_number} could not be sent to the supplier` })
      .first('template', 'text_body');
    expect(failedMail).toMatchObject({
      template: 'order-failed',
      text_body: expect.stringContaining('Reason: cXML 400 Bad Request: Simulated rejection.'),
    });
    const before = await database.db('orders').where({ id: order.id }).first('payload_id');
    await agent.post(`/api/admin/orders/${order.id}/retry`).expect(200);
    expect(await database.db('orders').where({ id: order.id }).first('payload_id')).toEqual(before);
    const logs = await database.db('ab_logs').where({ order_id: order.id }).pluck('payload_id');
    expect(new Set(logs)).toEqual(new Set([before.payload_id]));
    expect(logs).toHaveLength(2);
    await agent.post(`/api/admin/orders/${order.id}/approve`).expect(409);
  });

  it('fails a supplier that times out or answers HTTP 500, as retryable', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const slow = await pendingOrder({ quantity: 9003 });
    const timedOut = await agent.post(`/api/admin/orders/${slow.id}/approve`).expect(200);
    expect(timedOut.body.result).toMatchObject({
      ok: false,
      stage: 'send',
      httpStatus: null,
      error: expect.stringContaining('No answer within'),
    });
    const broken = await pendingOrder({ quantity: 9001 });
    const serverError = await agent.post(`/api/admin/orders/${broken.id}/approve`).expect(200);
    expect(serverError.body.result).toMatchObject({ ok: false, httpStatus: 500 });
    const log = await database.db('ab_logs').where({ order_id: broken.id }).first('request_summary');
    expect(log.request_summary).toMatchObject({ retryable: true });
  });

  it('finishes an order left in flight by a crash without a second accepted order', async () => {
    const order = await pendingOrder();
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    const accepted = await database.db('orders').where({ id: order.id }).first('supplier_order_id');
    // As if the process had died after sending and before recording: back to "approved, in flight".
    await database
      .db('orders')
      .where({ id: order.id })
      .update({
        status: 'approved',
        supplier_order_id: null,
        submission_started_at: new Date(Date.now() - 10 * 60_000),
      });
    const recovered = await recoverOrdersLeftInFlight(testContext(database.db, { config: testConfig(env()) }));
    expect(recovered).toMatchObject({ found: 1, recovered: 1 });
    expect(await database.db('orders').where({ id: order.id }).first('status', 'supplier_order_id')).toEqual({
      status: 'submitted',
      supplier_order_id: accepted.supplier_order_id,
    });
    expect(countFor(await sandboxOrders(order.order_number), order.order_number)).toBe(1);
  });

  it('auto-approves a new order under the configured amount as system, submits it and mails the requester', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const automation = (isOn: boolean) => setAutoApproval(agent, isOn);
    await automation(true);
    try {
      const small = await pendingOrder({ quantity: 2 }); // $14.50
      const large = await pendingOrder({ quantity: 20 }); // $145.00
      const statusOf = async (id: string) => (await database.db('orders').where({ id }).first('status')).status;
      await waitFor(async () => (await statusOf(small.id)) === 'submitted');
      expect(
        await database.db('orders').where({ id: small.id }).first('approval_source', 'approved_by', 'ship_to_city'),
      ).toEqual({ approval_source: 'system', approved_by: null, ship_to_city: 'Boston' });
      expect(
        await database
          .db('audit_events')
          .where({ target_id: small.id })
          .whereNot({ action: 'order.create' })
          .orderBy('id')
          .select('action', 'actor_label'),
      ).toEqual([
        { action: 'order.approve', actor_label: 'system' },
        { action: 'order.submitted', actor_label: 'system' },
      ]);
      const mail = await database
        .db('email_outbox')
        .where({ subject: `Order ${small.order_number} approved and sent to the supplier` })
        .first('template');
      expect(mail).toEqual({ template: 'order-submitted' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await statusOf(large.id)).toBe('pending');
    } finally {
      await automation(false);
    }
  });

  it('refuses approval to non-admins with the spec’s message', async () => {
    const order = await pendingOrder();
    const { agent } = await signedInAgent(app, database.db, ['logistics_admin']);
    const refused = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(403);
    expect(refused.body.message).toBe('Admin Access Required: Only administrators can approve orders.');
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
