import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { REPO_ROOT } from '../config.js';
import { allEndpoints } from '../contracts/endpoints/index.js';
import type { Job } from '../jobs/job.js';
import { findJob } from '../jobs/registry.js';
import { runJob } from '../jobs/run-job.js';
import { buildConfirmationRequestXml } from '../modules/supplier/cxml/cxml-supplier-documents.js';
import { insertProducts } from '../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../test-support/fulfilment-testbed.js';
import { createTestApp, createTestUser, signedInAgent, TEST_PASSWORD } from '../test-support/http-test-app.js';
import { testContext } from '../test-support/test-context.js';

const TOKEN = `metrics-${randomBytes(20).toString('hex')}`;
const testbed = useFulfilmentTestbed({ env: { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN } });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (its # HELP and # TYPE lines left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1]!, label[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(app = testbed.app, headers: Record<string, string> = {}): Promise<string> {
  const response = await request(app).get('/metrics').set(headers).expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text;
}

const failingJob: Job = {
  name: 'metrics-drill',
  description: 'Fails on purpose',
  schedule: '0 0 1 1 *',
  runAtStartup: false,
  run: () => Promise.reject(new Error('drill')),
};

/** An order the department's stop budget refuses: 3 × 20.00 against a budget of 10.00. */
async function refusedByBudget() {
  const { db } = testbed.database;
  const { agent: admin } = await signedInAgent(testbed.app, db, ['admin']);
  const code = `M-${randomBytes(4).toString('hex').toUpperCase()}`;
  const department = (await admin.post('/api/admin/departments').send({ code, name: 'Metrics ward' }).expect(201))
    .body as { id: string };
  await admin
    .post('/api/admin/budgets')
    .send({ department_id: department.id, period: 'month', amount: '10.00', policy: 'stop' })
    .expect(201);
  const requester = await createTestUser(db, ['doctor']);
  await admin.put(`/api/admin/users/${requester.id}`).send({ department_id: department.id }).expect(200);
  const agent = request.agent(testbed.app);
  await agent.post('/api/auth/login').send({ email: requester.email, password: TEST_PASSWORD }).expect(200);
  const [gloves] = await insertProducts(db, [{ title: `Gloves ${randomUUID().slice(0, 6)}`, price: '20.00' }]);
  const refused = await agent
    .post('/api/orders')
    .set('Idempotency-Key', `metrics-${randomUUID()}`)
    .send({ lines: [{ asin: gloves!.asin, quantity: 3 }] })
    .expect(422);
  expect(refused.body.code).toBe('BUDGET_EXCEEDED');
  return requester;
}

describe('GET /metrics with METRICS_ENABLED, after the portal has worked', () => {
  const seen = { before: '', after: '', orderId: '', identifiers: [] as string[] };

  beforeAll(async () => {
    seen.before = await scrape();
    const { db } = testbed.database;
    // A request for one order, by its id: labelled by its template, never by the id.
    const { agent, user } = await signedInAgent(testbed.app, db, ['doctor']);
    seen.orderId = randomUUID();
    await agent.get(`/api/orders/${seen.orderId}`).expect(404);
    await agent.get(`/api/no-such-route/${seen.orderId}`).expect(404);
    // A doctor orders, an admin approves, the sandbox supplier accepts; it confirms the order.
    const order = await testbed.sentOrder([2]);
    const confirmation = buildConfirmationRequestXml(testbed.supplierHeader(new Date()), {
      type: 'accept',
      noticeDate: new Date(),
      order: { orderId: order.order_number, payloadId: order.payload_id },
    });
    await testbed.postDocument(confirmation).expect(200);
    await testbed.postDocument('<cXML>not a document</cXML>').expect(400);
    const refusedRequester = await refusedByBudget();
    const ctx = testContext(db);
    expect((await runJob(ctx, findJob('mail-outbox')!, 'manual')).outcome).toBe('success');
    expect((await runJob(ctx, failingJob, 'manual')).outcome).toBe('failed');
    seen.identifiers = [order.id, order.order_number, order.payload_id, user.id, user.email, refusedRequester.email];
    seen.after = await scrape();
  });

  it('keeps its metric names, types and label sets (values aside)', () => {
    const types = [...seen.after.matchAll(/^# TYPE (supply_hub_\w+) (\w+)$/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    expect(types.sort()).toEqual([
      'supply_hub_budget_refusals_total counter',
      'supply_hub_db_pool_idle gauge',
      'supply_hub_db_pool_in_use gauge',
      'supply_hub_db_pool_max gauge',
      'supply_hub_db_pool_waiting gauge',
      'supply_hub_http_request_duration_seconds histogram',
      'supply_hub_inbound_documents_total counter',
      'supply_hub_job_duration_seconds histogram',
      'supply_hub_job_runs_total counter',
      'supply_hub_mail_outbox_depth gauge',
      'supply_hub_mail_outbox_oldest_pending_age_seconds gauge',
      'supply_hub_supplier_submissions_total counter',
    ]);
    const labelSets = new Set(
      samplesOf(seen.after)
        .filter((sample) => sample.name.startsWith('supply_hub_'))
        .map((sample) => `${sample.name}{${Object.keys(sample.labels).sort().join(',')}}`),
    );
    expect([...labelSets].sort()).toEqual([
      'supply_hub_budget_refusals_total{}',
      'supply_hub_db_pool_idle{}',
      'supply_hub_db_pool_in_use{}',
      'supply_hub_db_pool_max{}',
      'supply_hub_db_pool_waiting{}',
      'supply_hub_http_request_duration_seconds_bucket{le,method,route,status_code}',
      'supply_hub_http_request_duration_seconds_count{method,route,status_code}',
      'supply_hub_http_request_duration_seconds_sum{method,route,status_code}',
      'supply_hub_inbound_documents_total{outcome,type}',
      'supply_hub_job_duration_seconds_bucket{job,le,outcome}',
      'supply_hub_job_duration_seconds_count{job,outcome}',
      'supply_hub_job_duration_seconds_sum{job,outcome}',
      'supply_hub_job_runs_total{job,outcome}',
      'supply_hub_mail_outbox_depth{}',
      'supply_hub_mail_outbox_oldest_pending_age_seconds{}',
      'supply_hub_supplier_submissions_total{outcome}',
    ]);
  });

  it('labels a request for /api/orders/<uuid> by its template, and anything undeclared as "unmatched"', () => {
    const samples = samplesOf(seen.after);
    const count = 'supply_hub_http_request_duration_seconds_count';
    expect(total(samples, count, { method: 'GET', route: '/api/orders/:id', status_code: '404' })).toBeGreaterThan(0);
    expect(total(samples, count, { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThan(0);
    expect(total(samples, count, { method: 'POST', route: '/api/orders', status_code: '201' })).toBeGreaterThan(0);
    expect(total(samples, count, { method: 'GET', route: '/metrics', status_code: '200' })).toBeGreaterThan(0);
    // Every route label is a declared template or "unmatched": a path as sent never becomes one.
    const declared = new Set([...allEndpoints.map((operation) => operation.path), 'unmatched']);
    const routes = new Set(samples.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : [])));
    expect([...routes].filter((route) => !declared.has(route))).toEqual([]);
  });

  it('shows no raw identifier anywhere: no id, order number, payloadID or e-mail address', () => {
    expect(seen.after).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(seen.after).not.toMatch(/@/);
    for (const identifier of [seen.orderId, ...seen.identifiers]) expect(seen.after).not.toContain(identifier);
  });

  it('counts the order sent, the documents received, the budget refusal and the job runs', () => {
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(samplesOf(seen.after), name, labels) - total(samplesOf(seen.before), name, labels);
    expect({
      submissions: moved('supply_hub_supplier_submissions_total', { outcome: 'accepted' }),
      confirmations: moved('supply_hub_inbound_documents_total', { type: 'ConfirmationRequest', outcome: 'accepted' }),
      unreadable: moved('supply_hub_inbound_documents_total', { outcome: 'refused' }),
      budgetRefusals: moved('supply_hub_budget_refusals_total'),
      outboxRuns: moved('supply_hub_job_runs_total', { job: 'mail-outbox', outcome: 'success' }),
      outboxTimed: moved('supply_hub_job_duration_seconds_count', { job: 'mail-outbox', outcome: 'success' }),
      failedRuns: moved('supply_hub_job_runs_total', { job: 'metrics-drill', outcome: 'failed' }),
    }).toEqual({
      submissions: 1,
      confirmations: 1,
      unreadable: 1,
      budgetRefusals: 1,
      outboxRuns: 1,
      outboxTimed: 1,
      failedRuns: 1,
    });
  });

  it('serves every metric the Grafana dashboard and the documented alerts read', () => {
    const names = new Set(samplesOf(seen.after).map((sample) => sample.name));
    const isServed = (name: string) => names.has(name) || names.has(`${name}_count`);
    const operations = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
    const section = operations.slice(operations.indexOf('Metrics and alerts\n'), operations.indexOf('. Drills\n'));
    const texts = { dashboard: readFileSync(path.join(REPO_ROOT, 'deploy/grafana/supply-hub.json'), 'utf8'), section };
    for (const [where, text] of Object.entries(texts)) {
      const read = new Set([...text.matchAll(/\b(?:supply_hub|process|nodejs)_[a-z0-9_]*[a-z0-9]/g)].map((m) => m[0]));
      expect(read.size).toBeGreaterThan(5);
      expect([where, [...read].filter((name) => !isServed(name))]).toEqual([where, []]);
    }
  });

  it("adds prom-client's process and Node.js metrics", () => {
    const names = new Set(samplesOf(seen.after).map((sample) => sample.name));
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect([name, names.has(name)]).toEqual([name, true]);
    }
  });
});

describe('GET /metrics reads the database when scraped', () => {
  it('shows the outbox backlog (mail still to send) and its oldest age, and the pool', async () => {
    const { db } = testbed.database;
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    const [mail] = await db('email_outbox')
      .insert({
        to_address: 'backlog@test.supplyhub.test',
        subject: 'Waiting',
        text_body: 'Waiting for the mail server',
        template: 'test',
        status: 'pending',
        created_at: twentyMinutesAgo,
      })
      .returning<{ id: string }[]>('id');
    try {
      const samples = samplesOf(await scrape());
      expect(total(samples, 'supply_hub_mail_outbox_depth')).toBeGreaterThanOrEqual(1);
      expect(total(samples, 'supply_hub_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(20 * 60 - 5);
      expect(total(samples, 'supply_hub_db_pool_max')).toBe(5);
      expect(total(samples, 'supply_hub_db_pool_waiting')).toBe(0);
      expect(total(samples, 'supply_hub_db_pool_in_use') + total(samples, 'supply_hub_db_pool_idle')).toBeGreaterThan(
        0,
      );
    } finally {
      await db('email_outbox').where({ id: mail!.id }).delete();
    }
  });
});

describe('who gets GET /metrics', () => {
  it('answers 404 ROUTE_NOT_FOUND in the one error body when METRICS_ENABLED is off, token or not', async () => {
    const app = createTestApp(testbed.database.db, { env: { METRICS_TOKEN: TOKEN } });
    const response = await request(app).get('/metrics').expect(404);
    expect(response.body).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('refuses 403 FORBIDDEN a client outside METRICS_ALLOWED_FROM, and serves it with the bearer token', async () => {
    const app = createTestApp(testbed.database.db, {
      env: { METRICS_ENABLED: 'true', METRICS_ALLOWED_FROM: '10.9.8.7,fd00::/8', METRICS_TOKEN: TOKEN },
    });
    const refused = await request(app).get('/metrics').expect(403);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: expect.any(String), requestId: expect.any(String) });
    expect(refused.text).not.toContain('supply_hub_');
    await request(app)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN.slice(0, -1)}0`)
      .expect(403);
    await request(app).get('/metrics').set('Authorization', `Basic ${TOKEN}`).expect(403);
    const allowed = await scrape(app, { Authorization: `Bearer ${TOKEN}` });
    expect(allowed).toContain('supply_hub_http_request_duration_seconds');
  });

  it('judges the connection, never a forwarded address: a proxied or forged scrape needs the token', async () => {
    // The test client connects from loopback, which the default allowlist admits when it speaks for itself.
    await request(testbed.app).get('/metrics').expect(200);
    // Through a proxy (or claiming loopback in a header) the address proves nothing, whatever TRUST_PROXY says.
    await request(testbed.app).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
    await request(testbed.app).get('/metrics').set('X-Forwarded-For', '127.0.0.1').expect(403);
    await request(testbed.app).get('/metrics').set('Forwarded', 'for=127.0.0.1').expect(403);
    const trusting = createTestApp(testbed.database.db, {
      env: { METRICS_ENABLED: 'true', TRUST_PROXY: '1', METRICS_ALLOWED_FROM: '10.9.8.7' },
    });
    // Trusting one proxy hop, req.ip would be the header's 10.9.8.7: the socket (loopback) is judged instead.
    await request(trusting).get('/metrics').set('X-Forwarded-For', '10.9.8.7').expect(403);
    await request(trusting).get('/metrics').expect(403);
  });
});
