// Soak and fault test: `npm run soak -- --minutes N` (default 10; needs `npm run build`). Two built
// servers in demo mode on a PostgreSQL of the soak's own take a hospital group's traffic for N
// minutes while PostgreSQL is restarted twice and one instance is killed (-9) and started again.
// Then it checks the data (checks.mjs) and prints requests, errors by kind, p95 per operation and
// the time to recover from each fault. Exit 1 when a check fails. See docs/reliability.md.
// `--check <database-url> [--since <display_seq>]` runs the data checks alone on a database.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { numberOption } from '../bench/report.mjs';
import { runChecks } from './checks.mjs';
import { createInstance, findFreePort, makeWorkDir, SECRETS, startDatabase, waitForReady } from './cluster.mjs';
import { printReport, summarise } from './summary.mjs';
import { createTraffic } from './traffic.mjs';
import { configurePortal, startWorkload } from './workload.mjs';
import { killServerGroup, SERVER_ENTRY } from '../bench/server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const POSTGRES_DOWN_MS = 3000;
const INSTANCE_DOWN_MS = 2000;
/** A kill -9 during an approval is finished by the supplier-recovery job once its claim is 2 minutes old. */
const SETTLE_TIMEOUT_MS = 240_000;
const READY_TIMEOUT_MS = 180_000;
const RECOVERY_TIMEOUT_MS = 120_000;
const SANDBOX_ENV = {
  SANDBOX_CONFIRM_AFTER_S: '2',
  SANDBOX_SHIP_AFTER_S: '5',
  SANDBOX_INVOICE_AFTER_S: '5',
  // Every client of the soak comes from 127.0.0.1, as a whole hospital behind one address would.
  RATE_LIMIT_ADDRESS_FACTOR: '100',
};

async function query(databaseUrl, sql, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  // PostgreSQL going away mid-query (a planned restart) rejects the query; unheard, it would end the soak.
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The first request sent at or after `since` that was answered below 500 (by `instance`, if named). */
async function firstSuccessAfter(traffic, since, instance) {
  const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = traffic.records.find(
      (record) =>
        record.sentAt >= since &&
        record.status !== undefined &&
        record.status < 500 &&
        (!instance || record.instance === instance),
    );
    if (found) return found.finishedAt;
    await sleep(100);
  }
  return undefined;
}

/** The supplier sends some documents again (a lost acknowledgement): each must answer 200 and apply nothing twice. */
async function resendDocuments(traffic, databaseUrl, isRunning, counts) {
  // The log keeps documents with their shared secret redacted: the supplier's copy has it.
  const { decryptSecret } = await import(path.join(REPO_ROOT, 'api', 'dist', 'api', 'src', 'crypto', 'secret-box.js'));
  const [{ sealed }] = await query(
    databaseUrl,
    'SELECT inbound_shared_secret_encrypted AS sealed FROM punchout_settings WHERE id = 1',
  );
  const secret = decryptSecret(sealed, SECRETS.SETTINGS_ENCRYPTION_KEY);
  while (isRunning()) {
    await sleep(3000);
    const rows = await query(
      databaseUrl,
      // The demo's seeded history has applied documents without a text: only sent ones can be sent again.
      `SELECT raw_document FROM inbound_documents WHERE is_applied AND raw_document IS NOT NULL ORDER BY random() LIMIT 2`,
    ).catch(() => []);
    for (const { raw_document: xml } of rows) {
      const outcome = await traffic.call('supplier resend', 'POST', '/api/cxml/inbound', {
        body: xml.replace('[redacted]', () => secret),
        headers: { 'content-type': 'text/xml; charset=utf-8' },
      });
      counts.resent += 1;
      if (outcome.status !== undefined && outcome.status !== 200 && outcome.status < 500) counts.resendRefused += 1;
    }
  }
}

async function runFaults({ minutes, database, instances, traffic, windows }) {
  const totalMs = minutes * 60_000;
  const startedAt = Date.now();
  const at = (share) => sleep(Math.max(0, startedAt + totalMs * share - Date.now()));
  const restartPostgres = async (label) => {
    const start = Date.now();
    await database.stop();
    await sleep(POSTGRES_DOWN_MS);
    await database.start();
    const restoredAt = Date.now();
    const recoveredAt = await firstSuccessAfter(traffic, restoredAt);
    windows.push({ label, start, restoredAt, end: recoveredAt ?? Date.now(), recoveredAt });
  };
  await at(0.25);
  await restartPostgres('PostgreSQL restart 1');
  await at(0.5);
  const victim = instances[1];
  const start = Date.now();
  await victim.kill();
  const servedAt = await firstSuccessAfter(traffic, Date.now());
  await sleep(INSTANCE_DOWN_MS);
  victim.start();
  await waitForReady(victim, READY_TIMEOUT_MS);
  const restoredAt = Date.now();
  const recoveredAt = await firstSuccessAfter(traffic, restoredAt, victim.name);
  windows.push({
    label: `kill -9 of ${victim.name}`,
    start,
    restoredAt,
    end: recoveredAt ?? Date.now(),
    recoveredAt,
    servedAt,
  });
  await at(0.75);
  await restartPostgres('PostgreSQL restart 2');
}

/** Waits until no approved order of the run is still on its way to the supplier. */
async function settle(databaseUrl, sinceDisplaySeq) {
  const startedAt = Date.now();
  let first;
  for (;;) {
    const [{ count }] = await query(
      databaseUrl,
      `SELECT count(*)::int AS count FROM orders WHERE display_seq >= $1 AND status = 'approved'`,
      [sinceDisplaySeq],
    );
    first ??= count;
    if (count === 0 || Date.now() - startedAt > SETTLE_TIMEOUT_MS) {
      return { remaining: count, waitedFor: first, waitedMs: Date.now() - startedAt };
    }
    await sleep(2000);
  }
}

/**
 * What an administrator does next with each order of the run that failed: Retry Submission. An
 * answer lost to an outage (a reset, a timeout) fails the order although the supplier may have it;
 * the retry resends the same payloadID, which the supplier recognises, so the order ends submitted
 * once (docs/reliability.md). The sandbox supplier refuses nothing the soak orders, so a retry that
 * does not end submitted is a failure of the check, listed with its answer.
 */
async function retryFailedOrders(traffic, databaseUrl, sinceDisplaySeq) {
  const failed = await query(
    databaseUrl,
    `SELECT id, order_number FROM orders WHERE display_seq >= $1 AND NOT is_qa AND status = 'failed' ORDER BY display_seq`,
    [sinceDisplaySeq],
  );
  const notSubmitted = [];
  if (failed.length > 0) {
    const cookie = await traffic.signIn('admin@demo.supplyhub.test');
    if (!cookie) throw new Error('the admin could not sign in to retry the failed orders');
    for (const { id, order_number: orderNumber } of failed) {
      const outcome = await traffic.call('retry submission', 'POST', `/api/admin/orders/${id}/retry`, { cookie });
      if (outcome.status !== 200 || !outcome.json?.result?.ok) {
        notSubmitted.push({
          order_number: orderNumber,
          status: outcome.status ?? outcome.error,
          error: outcome.json?.result?.error ?? outcome.json?.error?.message ?? null,
        });
      }
    }
  }
  return { retried: failed.length, submittedOnRetry: failed.length - notSubmitted.length, notSubmitted };
}

async function soak(minutes) {
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build --workspace api\` first.\n`);
    return 2;
  }
  const { workDir, remove } = makeWorkDir();
  const database = await startDatabase(workDir);
  const instances = [];
  // Should the soak itself die, its servers (each in its own process group) must not outlive it.
  const killInstances = () => instances.forEach((instance) => instance.child && killServerGroup(instance.child));
  process.once('exit', killInstances);
  try {
    const ports = { A: await findFreePort(), B: await findFreePort() };
    while (ports.B === ports.A) ports.B = await findFreePort();
    // Demo mode points the punchout URL at the sandbox of the instance that started last; behind a
    // load balancer both would share one PUBLIC_URL, here each must be allowed to reach the other's.
    const allowedHosts = Object.values(ports).map((port) => `127.0.0.1:${port}`);
    for (const name of ['A', 'B']) {
      const instance = createInstance({
        repoRoot: REPO_ROOT,
        name,
        port: ports[name],
        databaseUrl: database.url,
        dataDir: path.join(workDir, name),
        extraEnv: { ...SANDBOX_ENV, SUPPLIER_ALLOWED_HOSTS: allowedHosts.join(',') },
      });
      instances.push(instance);
      // One after the other: the first applies the migrations and seeds the demo data.
      instance.start();
      await waitForReady(instance, READY_TIMEOUT_MS);
    }
    const [{ since }] = await query(database.url, 'SELECT coalesce(max(display_seq), 0) + 1 AS since FROM orders');
    const traffic = createTraffic(instances);
    const { products } = await configurePortal(traffic);
    const windows = [];
    let isRunning = true;
    const startedAt = Date.now();
    const workload = startWorkload(traffic, { products, isRunning: () => isRunning });
    const resends = { resent: 0, resendRefused: 0 };
    const resending = resendDocuments(traffic, database.url, () => isRunning, resends);
    const faults = runFaults({ minutes, database, instances, traffic, windows });
    await Promise.all([faults, sleep(minutes * 60_000)]);
    isRunning = false;
    await Promise.all([workload.done, resending]);
    const loadMs = Date.now() - startedAt;
    const settled = await settle(database.url, Number(since));
    const retries = await retryFailedOrders(traffic, database.url, Number(since));
    await Promise.all(instances.map((instance) => instance.stop()));
    const checks = await runChecks(database.url, { sinceDisplaySeq: Number(since) });
    const summary = summarise({
      records: traffic.records,
      windows,
      checks,
      loadMs,
      counts: { ...workload.counts, ...resends, retried: retries.retried, submittedOnRetry: retries.submittedOnRetry },
    });
    summary.checks.push({
      name: 'no approved order left on its way to the supplier after the settle wait',
      ok: settled.remaining === 0,
      count: settled.remaining,
      violations: [],
    });
    summary.checks.push({
      name: "every order an outage failed was submitted on the admin's retry",
      ok: retries.notSubmitted.length === 0,
      count: retries.notSubmitted.length,
      violations: retries.notSubmitted.slice(0, 5),
    });
    summary.checks.push({
      name: 'every resent supplier document answered 200 (already applied), outages aside',
      ok: resends.resendRefused === 0,
      count: resends.resendRefused,
      violations: [],
    });
    printReport(summary, { minutes, settled });
    return summary.checks.every((check) => check.ok) ? 0 : 1;
  } finally {
    await Promise.all(instances.map((instance) => instance.kill().catch(() => {})));
    process.off('exit', killInstances);
    await database.stop().catch(() => {});
    remove();
  }
}

async function checkOnly(args) {
  const url = args[args.indexOf('--check') + 1];
  const checks = await runChecks(url, { sinceDisplaySeq: numberOption(args, '--since', 0) });
  process.stdout.write(`${JSON.stringify(checks, null, 2)}\n`);
  return checks.every((check) => check.ok) ? 0 : 1;
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write(
    'Usage: npm run soak -- [--minutes N]   |   node scripts/soak/main.mjs --check <database-url> [--since N]\n',
  );
} else if (args.includes('--check')) {
  process.exitCode = await checkOnly(args);
} else {
  process.exitCode = await soak(numberOption(args, '--minutes', 10));
}
