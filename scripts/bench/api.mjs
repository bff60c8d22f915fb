// API benchmark: the built server in demo mode (embedded PostgreSQL, a throwaway data folder) under
// autocannon at 50 connections, signed in as the demo doctor — the catalogue's default page, the
// user's own orders, and order submissions of 5 lines with a fresh Idempotency-Key each. Beside it,
// in the same run and against the same database, a floor server (api-floor.mjs: node:http + pg)
// answers the same requests with the same JSON. The machine is shared, so absolute figures move:
// the ratio to the floor, measured under the same load a moment apart, is what the targets use, and
// CPU per request (Node process and PostgreSQL, from /proc) shows where the difference goes.
// Options: --duration S (per measured run, default 10), --rounds N (alternations, default 2), --json.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';
import pg from 'pg';

import { signInCookie } from './demo-session.mjs';
import { formatTable, median, numberOption } from './report.mjs';
import {
  SERVER_ENTRY,
  embeddedDatabaseUrl,
  findFreePort,
  killServerGroup,
  startServer,
  stopServer,
  waitForHealthy,
} from './server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 50;
const LINES_PER_ORDER = 5;
const DEFAULT_SECONDS = 10;
const WARM_UP_SECONDS = 3;
const DOUBLE_SUBMITS = 20;
const TARGETS = { readRatio: 0.6, p99Ms: 50, ordersPerSecond: 300 };
// The storefront's first catalogue request (features/catalogue/api/get-products.ts).
const CATALOGUE_PATH = '/api/products?sort=title&page=1&per_page=48';

const CLOCK_TICKS_PER_SECOND = 100;

function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14 … cstime 17.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time of one process in ms (user + system), from /proc. */
function processCpuMs(pid) {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND : 0;
}

/**
 * CPU time of PostgreSQL in ms: the postmaster, its live backends, and (through cutime/cstime)
 * the backends that already exited.
 */
function postgresCpuMs(postmasterPid) {
  const own = statFields(postmasterPid);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmasterPid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The embedded PostgreSQL the server started: password from DATA_DIR, port from postmaster.pid. */

async function startFloor({ databaseUrl, sessionSecret }) {
  const port = await findFreePort();
  const child = spawn(process.execPath, [path.join(BENCH_DIR, 'api-floor.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      FLOOR_PORT: String(port),
      FLOOR_DATABASE_URL: databaseUrl,
      FLOOR_SESSION_SECRET: sessionSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server exited (code ${code}) before listening`)));
    child.stdout.once('data', resolve);
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

function stopFloor(floor) {
  return new Promise((resolve) => {
    if (floor.child.exitCode !== null) return resolve();
    floor.child.once('exit', resolve);
    floor.child.kill('SIGTERM');
  });
}

/** A request body of 5 lines, each order a different window onto the catalogue. */
function orderBody(asins, seed) {
  const lines = Array.from({ length: LINES_PER_ORDER }, (_, line) => ({
    asin: asins[(seed + line * 7) % asins.length],
    quantity: 1 + ((seed + line) % 4),
  }));
  return JSON.stringify({ lines });
}

function cannon(baseUrl, endpoint, cookie, asins, seconds, keyPrefix = 'bench') {
  let seed = 0;
  const headers = { cookie, 'content-type': 'application/json' };
  const request =
    endpoint.method === 'POST'
      ? {
          method: 'POST',
          path: endpoint.path,
          // A fresh key and a different basket for every request: each one must become an order.
          setupRequest: (req) => {
            seed += 1;
            return {
              ...req,
              headers: { ...headers, 'idempotency-key': `${keyPrefix}-${randomUUID()}` },
              body: orderBody(asins, seed),
            };
          },
        }
      : { method: 'GET', path: endpoint.path };
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [request],
  });
}

function summarise(result, cpu) {
  const seconds = result.duration;
  const completed = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.total / seconds,
    ok: result['2xx'],
    okPerSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    nodeCpuMsPerRequest: cpu.node / completed,
    postgresCpuMsPerRequest: cpu.postgres / completed,
  };
}

/** One measured run, with the CPU the server process and PostgreSQL spent on it. */
async function measure(baseUrl, serverPid, postmasterPid, endpoint, cookie, asins, seconds, keyPrefix) {
  const before = { node: processCpuMs(serverPid), postgres: postgresCpuMs(postmasterPid) };
  const result = await cannon(baseUrl, endpoint, cookie, asins, seconds, keyPrefix);
  const cpu = {
    node: processCpuMs(serverPid) - before.node,
    postgres: postgresCpuMs(postmasterPid) - before.postgres,
  };
  return summarise(result, cpu);
}

/** Both servers must answer the same JSON, or the ratio compares different work. */
async function assertSameReads(ours, floor, cookie) {
  for (const requestPath of [CATALOGUE_PATH, '/api/orders']) {
    const [a, b] = await Promise.all(
      [ours, floor].map(async (base) => (await fetch(`${base}${requestPath}`, { headers: { cookie } })).text()),
    );
    // Same values, same keys in the same order; whitespace aside (PostgreSQL writes some of our JSON).
    const canonical = (text) => JSON.stringify(JSON.parse(text));
    if (canonical(a) !== canonical(b)) throw new Error(`the floor answers ${requestPath} differently from the server`);
  }
}

async function assertSameSubmission(ours, floor, cookie, asins) {
  const shapes = await Promise.all(
    [ours, floor].map(async (base) => {
      const response = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
        body: orderBody(asins, 0),
      });
      if (response.status !== 201) throw new Error(`a submission to ${base} answered ${response.status}`);
      const order = await response.json();
      return JSON.stringify({ keys: Object.keys(order), line: Object.keys(order.lines[0]), total: order.total_amount });
    }),
  );
  if (shapes[0] !== shapes[1]) throw new Error(`the floor's order differs from the server's: ${shapes.join(' vs ')}`);
}

/** Double submit under load: the same key sent twice at once must come back as one order. */
async function doubleSubmits(baseUrl, cookie, asins) {
  let orders = 0;
  await Promise.all(
    Array.from({ length: DOUBLE_SUBMITS }, async (_, index) => {
      const key = `bench-double-${randomUUID()}`;
      const ids = await Promise.all(
        [0, 1].map(async () => {
          const response = await fetch(`${baseUrl}/api/orders`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
            body: orderBody(asins, index),
          });
          return response.ok ? (await response.json()).id : `status ${response.status}`;
        }),
      );
      if (ids[0] === ids[1] && !ids[0].startsWith('status')) orders += 1;
    }),
  );
  return orders;
}

/** Orders stored for the keys of one measured run (each key names at most one order). */
async function countOrdersOfKeys(db, keyPrefix) {
  const { rows } = await db.query(
    `SELECT count(*) AS n FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.key LIKE $1`,
    [`${keyPrefix}-%`],
  );
  return Number(rows[0].n);
}

export async function run(args) {
  const asJson = args.includes('--json');
  const seconds = numberOption(args, '--duration', DEFAULT_SECONDS);
  const rounds = numberOption(args, '--rounds', 2);
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build --workspace api\` first.\n`);
    return 1;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'supply-hub-bench-api-'));
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const port = await findFreePort();
  const server = startServer({ repoRoot: REPO_ROOT, dataDir, port });
  let floor;
  let db;
  try {
    await waitForHealthy(server, { timeoutMs: 120_000 });
    const ours = `http://127.0.0.1:${port}`;
    const cookie = await signInCookie(ours, 'doctor@demo.supplyhub.test');
    const { sessionSecret } = JSON.parse(readFileSync(path.join(dataDir, 'local-secrets.json'), 'utf8'));
    const databaseUrl = embeddedDatabaseUrl(dataDir);
    const postmasterPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    floor = await startFloor({ databaseUrl, sessionSecret });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const catalogue = await (await fetch(`${ours}${CATALOGUE_PATH}`, { headers: { cookie } })).json();
    const asins = catalogue.data.map((product) => product.asin);
    await assertSameReads(ours, floor.baseUrl, cookie);
    await assertSameSubmission(ours, floor.baseUrl, cookie, asins);

    const endpoints = [
      { name: 'GET /api/products', method: 'GET', path: CATALOGUE_PATH, isRead: true },
      { name: 'GET /api/orders', method: 'GET', path: '/api/orders', isRead: true },
      { name: 'POST /api/orders', method: 'POST', path: '/api/orders', isRead: false },
    ];
    const figures = {};
    for (const endpoint of endpoints) {
      // Warm both (JIT, pools, caches), then measure each under the same load, alternating.
      await cannon(ours, endpoint, cookie, asins, WARM_UP_SECONDS);
      await cannon(floor.baseUrl, endpoint, cookie, asins, WARM_UP_SECONDS);
      const runs = { ours: [], floor: [] };
      let createdByUs = 0;
      let answeredByUs = 0;
      for (let round = 0; round < rounds; round += 1) {
        const keyPrefix = `bench-ours-${round}-${randomUUID()}`;
        const mine = await measure(ours, server.pid, postmasterPid, endpoint, cookie, asins, seconds, keyPrefix);
        runs.ours.push(mine);
        runs.floor.push(
          await measure(floor.baseUrl, floor.child.pid, postmasterPid, endpoint, cookie, asins, seconds, 'bench-floor'),
        );
        if (!endpoint.isRead) {
          // By now the requests in flight when autocannon stopped have long been answered.
          createdByUs += await countOrdersOfKeys(db, keyPrefix);
          answeredByUs += mine.ok;
        }
      }
      const pick = (list, key) => median(list.map((entry) => entry[key]));
      const sum = (list, key) => list.reduce((total, entry) => total + entry[key], 0);
      const result = {
        requests_per_s: pick(runs.ours, 'requestsPerSecond'),
        ok_per_s: pick(runs.ours, 'okPerSecond'),
        p50_ms: pick(runs.ours, 'p50'),
        p99_ms: pick(runs.ours, 'p99'),
        errors: sum(runs.ours, 'errors'),
        non2xx: sum(runs.ours, 'non2xx'),
        floor_requests_per_s: pick(runs.floor, 'requestsPerSecond'),
        floor_p50_ms: pick(runs.floor, 'p50'),
        floor_p99_ms: pick(runs.floor, 'p99'),
        floor_errors: sum(runs.floor, 'errors') + sum(runs.floor, 'non2xx'),
        node_cpu_ms_per_request: pick(runs.ours, 'nodeCpuMsPerRequest'),
        postgres_cpu_ms_per_request: pick(runs.ours, 'postgresCpuMsPerRequest'),
        floor_node_cpu_ms_per_request: pick(runs.floor, 'nodeCpuMsPerRequest'),
        floor_postgres_cpu_ms_per_request: pick(runs.floor, 'postgresCpuMsPerRequest'),
      };
      result.ratio = result.requests_per_s / result.floor_requests_per_s;
      if (!endpoint.isRead) {
        result.orders_created = createdByUs;
        result.orders_answered_201 = answeredByUs;
      }
      figures[endpoint.name] = result;
    }
    const submissions = figures['POST /api/orders'];
    submissions.double_submits_one_order = await doubleSubmits(ours, cookie, asins);

    const passes = {};
    for (const endpoint of endpoints) {
      const result = figures[endpoint.name];
      const clean = result.errors === 0 && result.non2xx === 0;
      passes[endpoint.name] = endpoint.isRead
        ? result.ratio >= TARGETS.readRatio && result.p99_ms <= TARGETS.p99Ms && clean
        : result.ok_per_s >= TARGETS.ordersPerSecond && result.p99_ms <= TARGETS.p99Ms && clean;
    }
    // Requests still in flight when autocannon stops are stored but never counted as answered.
    const unanswered = submissions.orders_created - submissions.orders_answered_201;
    const storedAsAnswered = unanswered >= 0 && unanswered <= CONNECTIONS * rounds;
    passes.idempotency = submissions.double_submits_one_order === DOUBLE_SUBMITS && storedAsAnswered;

    const load = os.loadavg()[0];
    if (asJson) {
      process.stdout.write(
        `${JSON.stringify({ connections: CONNECTIONS, seconds, rounds, load, figures, passes }, null, 2)}\n`,
      );
    } else {
      const rows = [];
      for (const endpoint of endpoints) {
        const result = figures[endpoint.name];
        rows.push(
          {
            name: `${endpoint.name} requests/s`,
            value: `${result.requests_per_s.toFixed(0)} (floor ${result.floor_requests_per_s.toFixed(0)})`,
          },
          {
            name: `${endpoint.name} ratio to floor`,
            value: result.ratio.toFixed(2),
            target: endpoint.isRead ? `≥ ${TARGETS.readRatio}` : undefined,
            pass: endpoint.isRead ? result.ratio >= TARGETS.readRatio : undefined,
          },
          { name: `${endpoint.name} p50`, value: `${result.p50_ms} ms (floor ${result.floor_p50_ms} ms)` },
          {
            name: `${endpoint.name} CPU/request Node`,
            value: `${result.node_cpu_ms_per_request.toFixed(2)} ms (floor ${result.floor_node_cpu_ms_per_request.toFixed(2)} ms)`,
          },
          {
            name: `${endpoint.name} CPU/request PostgreSQL`,
            value: `${result.postgres_cpu_ms_per_request.toFixed(2)} ms (floor ${result.floor_postgres_cpu_ms_per_request.toFixed(2)} ms)`,
          },
          {
            name: `${endpoint.name} p99`,
            value: `${result.p99_ms} ms (floor ${result.floor_p99_ms} ms)`,
            target: `≤ ${TARGETS.p99Ms} ms`,
            pass: result.p99_ms <= TARGETS.p99Ms,
          },
          {
            name: `${endpoint.name} errors / non-2xx`,
            value: `${result.errors} / ${result.non2xx} (floor ${result.floor_errors})`,
            target: '0',
            pass: result.errors === 0 && result.non2xx === 0,
          },
        );
      }
      rows.push(
        {
          name: `Orders/s (${LINES_PER_ORDER} lines, ${CONNECTIONS} clients)`,
          value: submissions.ok_per_s.toFixed(1),
          target: `≥ ${TARGETS.ordersPerSecond}`,
          pass: submissions.ok_per_s >= TARGETS.ordersPerSecond,
        },
        {
          name: 'Orders stored / 201 answers',
          value: `${submissions.orders_created} / ${submissions.orders_answered_201}`,
          target: `+0…${CONNECTIONS * rounds} in flight`,
          pass: storedAsAnswered,
        },
        {
          name: 'Same key sent twice at once → one order',
          value: `${submissions.double_submits_one_order} of ${DOUBLE_SUBMITS}`,
          target: String(DOUBLE_SUBMITS),
          pass: submissions.double_submits_one_order === DOUBLE_SUBMITS,
        },
      );
      process.stdout.write(
        `Supply Hub API benchmark — built server, demo data, embedded PostgreSQL, autocannon ${CONNECTIONS} connections × ${seconds} s × ${rounds} round(s) per server, ${os.cpus().length} CPUs, load ${load.toFixed(2)}\n\n${formatTable(rows)}\n`,
      );
    }
    return Object.values(passes).every(Boolean) ? 0 : 1;
  } finally {
    await db?.end().catch(() => {});
    if (floor) await stopFloor(floor);
    await stopServer(server, { timeoutMs: 30_000 }).catch(() => killServerGroup(server));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
