import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createPortal, type Portal } from '../../app.js';
import type { BudgetVsActual } from '../../contracts/budgets.js';
import type { ReportsDatabaseHealth } from '../../contracts/health.js';
import { createDb, type Db } from '../../database/connection.js';
import { openReportsReader, type ReportsReader } from '../../database/reports-reader.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestUser, signedInAgent, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { startStreamingPair, type StreamingPair } from '../../test-support/streaming-replica.js';
import { silentLog, testConfig } from '../../test-support/test-context.js';

type Agent = ReturnType<typeof request.agent>;

/** A portal whose reports may read the pair's replica, behind by at most `maxLagS` seconds. */
interface ReplicaPortal {
  portal: Portal;
  reader: ReportsReader;
  admin: Agent;
  logLines: { level: 'info' | 'warn'; message: string }[];
}

let pair: StreamingPair;
let primary: Db;
const portals: ReplicaPortal[] = [];

async function replicaPortal(maxLagS: number): Promise<ReplicaPortal> {
  const config = testConfig({
    DATABASE_URL: pair.primaryUrl,
    REPORTS_DATABASE_URL: pair.replicaUrl,
    REPORTS_MAX_LAG_S: String(maxLagS),
  });
  const logLines: ReplicaPortal['logLines'] = [];
  const log = {
    info: (_details: object, message: string) => logLines.push({ level: 'info', message }),
    warn: (_details: object, message: string) => logLines.push({ level: 'warn', message }),
  };
  // Measured at most every 100 ms, so a test sees a change of state without waiting 5 s.
  const reader = openReportsReader(config, primary, log, { checkIntervalMs: 100 });
  const portal = createPortal({ db: primary, config, log: silentLog, reports: reader });
  const { agent: admin } = await signedInAgent(portal.app, primary, ['admin']);
  const made = { portal, reader, admin, logLines };
  portals.push(made);
  return made;
}

async function reportsDatabase(agent: Agent): Promise<ReportsDatabaseHealth> {
  return ((await agent.get('/api/health').expect(200)).body as { reports_database: ReportsDatabaseHealth })
    .reports_database;
}

/** The recall lookup of a product by ASIN: 200 when the database it reads has the product, else 404. */
function lookUp(admin: Agent, asin: string) {
  return admin.get('/api/admin/recalls/receipts').query({ code: asin, lot: 'LOT-REPLICA' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  pair = await startStreamingPair();
  primary = createDb(pair.primaryUrl, { max: 5 });
}, 60_000);

afterAll(async () => {
  for (const { portal, reader } of portals) {
    await portal.close();
    await reader.close();
  }
  await primary?.destroy();
  await pair?.stop();
}, 30_000);

describe('reports on a streaming replica', () => {
  it('read the replica while it keeps up: a product the replica has not replayed yet is not found', async () => {
    const { admin } = await replicaPortal(30);
    await pair.waitForCatchUp();
    const report = await admin
      .post('/api/reports/query')
      .send({ slice: 'overview', filters: { from: '2026-03-01', to: '2026-03-31' } })
      .expect(200);
    expect(report.body).toMatchObject({ ok: true });
    const streaming = await reportsDatabase(admin);
    expect(streaming).toMatchObject({
      replica: 'streaming',
      last_read_from: 'replica',
      max_lag_s: 30,
      checked_at: expect.any(String),
    });
    // Caught up, or a write or two behind (the sign-in's) when the machine is busy: well under a second.
    expect(streaming.lag_s).toBeLessThan(1);
    expect(streaming.lag_bytes).toBeGreaterThanOrEqual(0);
    // Anyone may see whether the replica serves; only administrators see its figures.
    expect(await reportsDatabase(request.agent(pairPortalApp()))).toEqual({
      replica: 'streaming',
      lag_s: null,
      lag_bytes: null,
      max_lag_s: null,
      last_read_from: null,
      checked_at: null,
    });

    // Replay paused (a lag within the 30 s allowed): what the primary has, the replica does not show.
    await pair.pauseReplay();
    try {
      const [product] = await insertProducts(primary, [{ title: 'Replica probe' }]);
      await sleep(150);
      const stale = await lookUp(admin, product!.asin).expect(404);
      expect(stale.body).toMatchObject({ code: 'RECALL_PRODUCT_NOT_FOUND' });
      expect(await reportsDatabase(admin)).toMatchObject({ replica: 'streaming', last_read_from: 'replica' });
      await pair.resumeReplay();
      await pair.waitForCatchUp();
      await lookUp(admin, product!.asin).expect(200);
    } finally {
      await pair.resumeReplay();
    }
  });

  it('never serve ordering reads: GET /api/me/budget sees a new budget the replica has not replayed', async () => {
    const { admin, portal } = await replicaPortal(30);
    await pair.waitForCatchUp();
    await pair.pauseReplay();
    try {
      const code = `R-${randomBytes(4).toString('hex').toUpperCase()}`;
      const department = (await admin.post('/api/admin/departments').send({ code, name: 'Replica Ward' }).expect(201))
        .body as { id: string };
      const requester = await createTestUser(primary, ['doctor']);
      await admin.put(`/api/admin/users/${requester.id}`).send({ department_id: department.id }).expect(200);
      await admin
        .post('/api/admin/budgets')
        .send({ department_id: department.id, period: 'month', amount: '700.00', policy: 'stop' })
        .expect(201);
      const doctor = request.agent(portal.app);
      await doctor.post('/api/auth/login').send({ email: requester.email, password: TEST_PASSWORD }).expect(200);

      // The requester's budget is read on the primary: the new budget is there at once.
      expect((await doctor.get('/api/me/budget').expect(200)).body).toMatchObject({
        department: 'Replica Ward',
        amount: '700.00',
      });
      // Budget vs actual, a report, reads the replica: the department is not there yet.
      const stale = (await admin.get('/api/admin/reports/budget-vs-actual').expect(200)).body as BudgetVsActual;
      expect(stale.rows.map((row) => row.department_id)).not.toContain(department.id);
      expect(await reportsDatabase(admin)).toMatchObject({ last_read_from: 'replica' });

      await pair.resumeReplay();
      await pair.waitForCatchUp();
      const fresh = (await admin.get('/api/admin/reports/budget-vs-actual').expect(200)).body as BudgetVsActual;
      expect(fresh.rows.find((row) => row.department_id === department.id)).toMatchObject({ amount: '700.00' });
    } finally {
      await pair.resumeReplay();
    }
  });

  it('fall back to the primary while the replica lags more than REPORTS_MAX_LAG_S, and return to it', async () => {
    const { admin, logLines } = await replicaPortal(1);
    await pair.waitForCatchUp();
    await lookUp(admin, 'B0NOSUCH01').expect(404);
    expect(await reportsDatabase(admin)).toMatchObject({ replica: 'streaming', last_read_from: 'replica' });
    await pair.pauseReplay();
    try {
      const [product] = await insertProducts(primary, [{ title: 'Lag probe' }]);
      await sleep(1_300);
      // Found: the primary answered, the replica being more than a second behind.
      await lookUp(admin, product!.asin).expect(200);
      const lagging = await reportsDatabase(admin);
      expect(lagging).toMatchObject({ replica: 'lagging', last_read_from: 'primary', max_lag_s: 1 });
      expect(lagging.lag_s).toBeGreaterThan(1);
      expect(lagging.lag_bytes).toBeGreaterThan(0);

      await pair.resumeReplay();
      await pair.waitForCatchUp();
      await sleep(150);
      await lookUp(admin, product!.asin).expect(200);
      const returned = await reportsDatabase(admin);
      expect(returned).toMatchObject({ replica: 'streaming', last_read_from: 'replica' });
      expect(returned.lag_s).toBeLessThanOrEqual(1);
      expect(logLines.map((line) => line.level)).toEqual(['info', 'warn', 'info']);
    } finally {
      await pair.resumeReplay();
    }
  });

  it('fall back to the primary when the replica stops, logging it once, and /api/health says so', async () => {
    const { admin, logLines } = await replicaPortal(30);
    await pair.waitForCatchUp();
    const [product] = await insertProducts(primary, [{ title: 'Stop probe' }]);
    await pair.waitForCatchUp();
    await lookUp(admin, product!.asin).expect(200);
    expect(await reportsDatabase(admin)).toMatchObject({ last_read_from: 'replica' });

    await pair.stopReplica();
    try {
      // At once (the last measurement still says streaming) and after it is measured again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await lookUp(admin, product!.asin).expect(200);
        await admin
          .post('/api/reports/query')
          .send({ slice: 'top_products', filters: { from: '2026-03-01', to: '2026-03-31' }, format: 'csv' })
          .expect(200);
        await sleep(120);
      }
      expect(await reportsDatabase(admin)).toMatchObject({
        replica: 'unavailable',
        last_read_from: 'primary',
        lag_s: null,
      });
      expect(logLines.filter((line) => line.level === 'warn')).toHaveLength(1);
    } finally {
      await pair.startReplica();
    }
  });
});

/** A portal on the same pair for an anonymous visitor (any portal of the suite will do). */
function pairPortalApp() {
  const first = portals[0];
  if (!first) throw new Error('no portal yet');
  return first.portal.app;
}
