// API benchmark: the built server in demo mode (embedded PostgreSQL, a throwaway data folder) under
// autocannon at 50 connections, signed in as the demo doctor — the catalogue's default page, the
// user's own orders, and order submissions of 5 lines with a fresh Idempotency-Key each. Beside it,
// in the same run and against the same database, a floor server (api-floor.mjs: node:http + pg)
// answers the same requests with the same JSON. The machine is shared, so absolute figures move:
// the ratio to the floor, measured under the same load a moment apart, is what the targets use, and
// CPU per request (Node process and PostgreSQL, from /proc) shows where the difference goes.
// Options: --duration S (per measured run, default 10), --rounds N (alternations, default 2), --smoke
// (10 connections, 30 requests, one round: proves the bench and the floor's sameness, judges nothing), --json.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { CATALOGUE_PATH, catalogueAsins, orderBody, withDemoDoctor } from './demo-doctor.mjs';
import { assertSmokeFigures, formatTable, median, numberOption } from './report.mjs';
import { SERVER_ENTRY, embeddedDatabaseUrl, findFreePort } from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const LINES_PER_ORDER = 5;
const TARGETS = ALL_TARGETS.api;
/** Full runs and smoke runs: a smoke proves the bench runs (and the floor answers alike) in seconds. */
const SIZES = {
  full: { connections: 50, seconds: 10, rounds: 2, warmUpSeconds: 3, doubleSubmits: 20 },
  // A fixed number of requests per run, not a duration: on a saturated machine one can outlast a second.
  smoke: { connections: 10, seconds: 1, rounds: 1, warmUpSeconds: 1, doubleSubmits: 3, requests: 30 },
};

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

function cannon(baseUrl, endpoint, cookie, asins, { seconds, connections, requests }, keyPrefix = 'bench') {
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
              body: orderBody(asins, seed, LINES_PER_ORDER),
            };
          },
        }
      : { method: 'GET', path: endpoint.path };
  const length = requests ? { amount: requests } : { duration: seconds };
  return autocannon({ url: baseUrl, connections, ...length, headers, requests: [request] });
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
async function measure(baseUrl, serverPid, postmasterPid, endpoint, cookie, asins, size, keyPrefix) {
  const before = { node: processCpuMs(serverPid), postgres: postgresCpuMs(postmasterPid) };
  const result = await cannon(baseUrl, endpoint, cookie, asins, size, keyPrefix);
  const cpu = {
    node: processCpuMs(serverPid) - before.node,
    postgres: postgresCpuMs(postmasterPid) - before.postgres,
  };
  return summarise(result, cpu);
}

/**
 * Both servers must answer the same JSON, or the ratio compares different work (api-floor.test.mjs
 * checks the same over more kinds of orders; this checks the demo data of this very run).
 */
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
        body: orderBody(asins, 0, LINES_PER_ORDER),
      });
      if (response.status !== 201) throw new Error(`a submission to ${base} answered ${response.status}`);
      const order = await response.json();
      return JSON.stringify({ keys: Object.keys(order), line: Object.keys(order.lines[0]), total: order.total_amount });
    }),
  );
  if (shapes[0] !== shapes[1]) throw new Error(`the floor's order differs from the server's: ${shapes.join(' vs ')}`);
}

/** Double submit under load: the same key sent twice at once must come back as one order. */
async function doubleSubmits(baseUrl, cookie, asins, count) {
  let orders = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const key = `bench-double-${randomUUID()}`;
      const ids = await Promise.all(
        [0, 1].map(async () => {
          const response = await fetch(`${baseUrl}/api/orders`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
            body: orderBody(asins, index, LINES_PER_ORDER),
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

const ENDPOINTS = [
  { name: 'GET /api/products', method: 'GET', path: CATALOGUE_PATH, isRead: true },
  { name: 'GET /api/orders', method: 'GET', path: '/api/orders', isRead: true },
  { name: 'POST /api/orders', method: 'POST', path: '/api/orders', isRead: false },
];

/** Each endpoint against the floor, alternating, after a warm-up of both; the medians of the rounds. */
async function measureEndpoints({ ours, floor, serverPid, postmasterPid, cookie, asins, db, size }) {
  const figures = {};
  for (const endpoint of ENDPOINTS) {
    // Warm both (JIT, pools, caches), then measure each under the same load, alternating.
    const warmUp = { ...size, seconds: size.warmUpSeconds };
    await cannon(ours, endpoint, cookie, asins, warmUp);
    await cannon(floor.baseUrl, endpoint, cookie, asins, warmUp);
    const runs = { ours: [], floor: [] };
    let createdByUs = 0;
    let answeredByUs = 0;
    for (let round = 0; round < size.rounds; round += 1) {
      const keyPrefix = `bench-ours-${round}-${randomUUID()}`;
      const mine = await measure(ours, serverPid, postmasterPid, endpoint, cookie, asins, size, keyPrefix);
      runs.ours.push(mine);
      runs.floor.push(
        await measure(floor.baseUrl, floor.child.pid, postmasterPid, endpoint, cookie, asins, size, 'bench-floor'),
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
    result.p99_ratio = result.p99_ms / result.floor_p99_ms;
    if (!endpoint.isRead) {
      result.orders_created = createdByUs;
      result.orders_answered_201 = answeredByUs;
    }
    figures[endpoint.name] = result;
  }
  return figures;
}

/** The table rows of one endpoint: throughput and p99 against the floor's, the CPU split, errors. */
function endpointRows(endpoint, result) {
  const ratioTarget = endpoint.isRead ? TARGETS.readThroughputRatio : TARGETS.submitThroughputRatio;
  return [
    {
      name: `${endpoint.name} requests/s`,
      value: `${result.requests_per_s.toFixed(0)} (floor ${result.floor_requests_per_s.toFixed(0)})`,
    },
    {
      name: `${endpoint.name} throughput / floor`,
      value: result.ratio.toFixed(2),
      target: `≥ ${ratioTarget}`,
      pass: result.ratio >= ratioTarget,
    },
    { name: `${endpoint.name} p50`, value: `${result.p50_ms} ms (floor ${result.floor_p50_ms} ms)` },
    {
      name: `${endpoint.name} p99`,
      value: `${result.p99_ms} ms (floor ${result.floor_p99_ms} ms)`,
    },
    endpoint.isRead
      ? {
          name: `${endpoint.name} p99 / floor p99`,
          value: result.p99_ratio.toFixed(2),
          target: `≤ ${TARGETS.readP99Ratio}`,
          pass: result.p99_ratio <= TARGETS.readP99Ratio,
        }
      : undefined,
    {
      name: `${endpoint.name} CPU/request Node`,
      value: `${result.node_cpu_ms_per_request.toFixed(2)} ms (floor ${result.floor_node_cpu_ms_per_request.toFixed(2)} ms)`,
    },
    {
      name: `${endpoint.name} CPU/request PostgreSQL`,
      value: `${result.postgres_cpu_ms_per_request.toFixed(2)} ms (floor ${result.floor_postgres_cpu_ms_per_request.toFixed(2)} ms)`,
    },
    {
      name: `${endpoint.name} errors / non-2xx`,
      value: `${result.errors} / ${result.non2xx} (floor ${result.floor_errors})`,
      target: '0',
      pass: result.errors === 0 && result.non2xx === 0,
    },
  ].filter(Boolean);
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const defaults = SIZES[isSmoke ? 'smoke' : 'full'];
  const size = {
    ...defaults,
    seconds: numberOption(args, '--duration', defaults.seconds),
    rounds: numberOption(args, '--rounds', defaults.rounds),
  };
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build --workspace api\` first.\n`);
    return 1;
  }
  return withDemoDoctor('api', async ({ server, baseUrl: ours, dataDir, cookie, db }) => {
    const { sessionSecret } = JSON.parse(readFileSync(path.join(dataDir, 'local-secrets.json'), 'utf8'));
    const postmasterPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const floor = await startFloor({ databaseUrl: embeddedDatabaseUrl(dataDir), sessionSecret });
    try {
      const asins = await catalogueAsins(ours, cookie);
      await assertSameReads(ours, floor.baseUrl, cookie);
      await assertSameSubmission(ours, floor.baseUrl, cookie, asins);
      const figures = await measureEndpoints({
        ours,
        floor,
        serverPid: server.pid,
        postmasterPid,
        cookie,
        asins,
        db,
        size,
      });
      const submissions = figures['POST /api/orders'];
      submissions.double_submits_one_order = await doubleSubmits(ours, cookie, asins, size.doubleSubmits);
      return report({ figures, size, asJson, isSmoke });
    } finally {
      await stopFloor(floor);
    }
  });
}

function report({ figures, size, asJson, isSmoke }) {
  const submissions = figures['POST /api/orders'];
  const passes = {};
  for (const endpoint of ENDPOINTS) {
    const result = figures[endpoint.name];
    const clean = result.errors === 0 && result.non2xx === 0;
    passes[endpoint.name] = endpoint.isRead
      ? result.ratio >= TARGETS.readThroughputRatio && result.p99_ratio <= TARGETS.readP99Ratio && clean
      : result.ratio >= TARGETS.submitThroughputRatio && clean;
  }
  // Requests still in flight when autocannon stops are stored but never counted as answered.
  const unanswered = submissions.orders_created - submissions.orders_answered_201;
  const storedAsAnswered = unanswered >= 0 && unanswered <= size.connections * size.rounds;
  passes.idempotency = submissions.double_submits_one_order === size.doubleSubmits && storedAsAnswered;

  const load = os.loadavg()[0];
  const { connections, seconds, rounds } = size;
  if (asJson) {
    process.stdout.write(
      `${JSON.stringify({ connections, seconds, rounds, load, isSmoke, figures, passes }, null, 2)}\n`,
    );
  } else {
    const rows = ENDPOINTS.flatMap((endpoint) => endpointRows(endpoint, figures[endpoint.name]));
    rows.push(
      { name: `Orders/s (${LINES_PER_ORDER} lines, ${connections} clients)`, value: submissions.ok_per_s.toFixed(1) },
      {
        name: 'Orders stored / 201 answers',
        value: `${submissions.orders_created} / ${submissions.orders_answered_201}`,
        target: `+0…${connections * rounds} in flight`,
        pass: storedAsAnswered,
      },
      {
        name: 'Same key sent twice at once → one order',
        value: `${submissions.double_submits_one_order} of ${size.doubleSubmits}`,
        target: String(size.doubleSubmits),
        pass: submissions.double_submits_one_order === size.doubleSubmits,
      },
    );
    process.stdout.write(
      `Supply Hub API benchmark — built server, demo data, embedded PostgreSQL, autocannon ${connections} connections × ${seconds} s × ${rounds} round(s) per server, ${os.cpus().length} CPUs, load ${load.toFixed(2)}${isSmoke ? ' — smoke run' : ''}\n\n${formatTable(rows, { isSmoke })}\n`,
    );
  }
  if (isSmoke) {
    const numbers = Object.fromEntries(
      Object.entries(figures).flatMap(([name, result]) =>
        Object.entries(result).map(([key, value]) => [`${name} ${key}`, value]),
      ),
    );
    const counts = Object.fromEntries(
      ENDPOINTS.flatMap((endpoint) => [
        [`${endpoint.name} 2xx/s`, figures[endpoint.name].ok_per_s],
        [`${endpoint.name} floor requests/s`, figures[endpoint.name].floor_requests_per_s],
      ]),
    );
    assertSmokeFigures('api', { counts, figures: numbers });
    // The double submit is a correctness check, whatever the size: it is judged in a smoke run too.
    return passes.idempotency &&
      Object.values(figures).every((result) => result.errors + result.non2xx + result.floor_errors === 0)
      ? 0
      : 1;
  }
  return Object.values(passes).every(Boolean) ? 0 : 1;
}
