import type { Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { qaRunnerStateSchema, qaRunSavedSchema } from '../../contracts/qa-runner.js';
import { closeTestApp, createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { freePort } from '../../test-support/processes.js';
import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { seedDemoData } from '../demo/demo.service.js';

// A demo-mode portal of its own (the demo doctor, the sandbox supplier on its own port), so the
// report totals compared here are this database's only.
describe('a QA run in demo mode', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let server: Server;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    await seedDemoData(testContext(database.db));
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    app = createTestApp(database.db, {
      env: {
        DEMO_MODE: 'true',
        PUBLIC_URL: baseUrl,
        SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${new URL(baseUrl).port}`,
        SUPPLIER_TIMEOUT_MS: '3000',
      },
    });
    server = app.listen(Number(new URL(baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    await agent
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: `${baseUrl}/sandbox/supplier/cxml`,
        identity: 'SUPPLYHUB-TEST',
        shared_secret: 'sandbox-secret-123',
        test_mode: false,
      })
      .expect(200);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await closeTestApp(app);
    await database.drop();
  });

  it('leaves report totals unchanged, names the admin in the audit log and removes its order at the end', async () => {
    const { agent, user: admin } = await signedInAgent(app, database.db, ['admin']);
    const today = new Date().toISOString().slice(0, 10);
    const totals = async () => {
      const filters = { from: `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, to: today };
      const overview = await agent.post('/api/reports/query').send({ slice: 'overview', filters }).expect(200);
      const regions = await agent.post('/api/reports/query').send({ slice: 'by_region', filters }).expect(200);
      return { overview: overview.body.data as unknown, regions: regions.body.data as unknown };
    };
    const before = await totals();

    const created = await agent.post('/api/admin/qa-runner/order').expect(201);
    const order = created.body as { id: string; order_number: string };
    expect(await database.db('orders').where({ id: order.id }).first('is_qa', 'qa_run_by')).toEqual({
      is_qa: true,
      qa_run_by: admin.id,
    });
    const approved = await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(approved.body.result.ok).toBe(true);
    expect(approved.body.order.status).toBe('submitted');
    // Submitted, and still not in any report.
    expect(await totals()).toEqual(before);

    const placed = (
      await agent
        .get('/api/admin/audit-events')
        .query({ filter: JSON.stringify({ action: 'order.create', target_id: order.id }) })
        .expect(200)
    ).body as { actor_label: string; actor_user_id: string; details: Record<string, unknown> }[];
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      actor_label: admin.email,
      actor_user_id: admin.id,
      details: { qa_test: true, requester: 'doctor@demo.supplyhub.test' },
    });

    const saved = await agent
      .put('/api/admin/qa-runner/result')
      .send({ status: 'success', steps: [], finished_at: new Date().toISOString() })
      .expect(200);
    expect(saved.body.removed_orders).toEqual([order.order_number]);
    // Both answers are what contracts/endpoints/qa-runner.endpoints.ts declares, field for field.
    expect(qaRunSavedSchema.parse(saved.body)).toEqual(saved.body);
    const state = await agent.get('/api/admin/qa-runner/result').expect(200);
    expect(qaRunnerStateSchema.parse(state.body)).toEqual({ result: saved.body.result, demo_mode: true });
    expect(await database.db('orders').where({ id: order.id }).first()).toBeUndefined();
    expect(await totals()).toEqual(before);
    const closed = (
      await agent
        .get('/api/admin/audit-events')
        .query({ filter: JSON.stringify({ action: 'qa.order_closed', target_id: order.id }) })
        .expect(200)
    ).body as { actor_label: string; target_label: string }[];
    expect(closed).toEqual([expect.objectContaining({ actor_label: admin.email, target_label: order.order_number })]);
    const csv = await agent
      .get('/api/admin/audit-events/export')
      .query({ filter: JSON.stringify({ target_id: order.id }) })
      .expect(200);
    expect(csv.text).toContain('"QA test order removed"');
  });

  it('keeps QA orders out of a report rebuild too', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const placing = await agent.post('/api/admin/qa-runner/order');
    expect(placing.body).toEqual(expect.objectContaining({ id: expect.any(String) }));
    const order = placing.body as { id: string };
    await agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    const counted = async () =>
      (await database.db('report_daily_orders').sum('order_count as n').first())?.n as string | number;
    const before = await counted();
    await database.db.raw('SELECT report_rollups_rebuild()');
    expect(await counted()).toEqual(before);
    const real = await database.db.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM orders WHERE status IN ('approved', 'submitted') AND NOT is_qa`,
    );
    expect(Number(before)).toBe(Number(real.rows[0]?.n));
  });
});
