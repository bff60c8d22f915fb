// The measured cases of the scale benchmark: each route called over HTTP (warm-ups, then `samples`
// calls one at a time), its p95 against the target, and the EXPLAIN of the query behind it.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import { kbToMb, readRssKb } from './proc-memory.mjs';
import { median, percentile } from './report.mjs';
import { supplierHeader } from './inbound-supplier.mjs';
import { PRODUCTS, RECALL_LOT } from './scale-fill.mjs';
import { TARGETS } from './scale-targets.mjs';

const CLI_ENTRY = 'api/dist/api/src/cli/main.js';
const DIST = path.join('api', 'dist', 'api', 'src');
const WARM_UPS = 3;
const SUPPLIER = { identity: 'BENCH-SUPPLIER', secret: `bench-${randomUUID()}` };
const TIMEZONE = 'America/New_York';
/** A call still running after this is abandoned (and its statements cancelled): see timeCase. */
const CALL_TIMEOUT_MS = 60_000;

class CallTimeout extends Error {}

const ADMIN_EMAIL = 'bench-admin@bench.supplyhub.test';
// Sorted first among the requesters, so the fill makes it requester 1.
const REQUESTER_EMAIL = 'bench-req-0000@bench.supplyhub.test';

export function runCli(repoRoot, args, env, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
      cwd: repoRoot,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(input ?? '');
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.resume();
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${args[0]} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

/**
 * 'before' the fill: the admin and the first requester (who signs in) through the operators' CLI.
 * 'after': the inbound supplier's credentials and the requester's ids.
 */
export async function prepareServerData(repoRoot, env, client, phase, people) {
  if (phase === 'reuse') {
    // A database filled by an earlier run (--keep): a new account's password is given to the
    // admin and the first requester of that run, who own its orders.
    const email = `bench-pw-${randomBytes(3).toString('hex')}@bench.supplyhub.test`;
    const password = `Bench-${randomBytes(9).toString('base64url')}`;
    await runCli(
      repoRoot,
      [
        'users:create',
        '--email',
        email,
        '--password-stdin',
        '--first-name',
        'Bench',
        '--last-name',
        'Password',
        '--role',
        'user',
      ],
      env,
      `${password}\n`,
    );
    await client.query(
      `UPDATE password_credentials SET password_hash = (
         SELECT c.password_hash FROM password_credentials c JOIN users u ON u.id = c.user_id WHERE u.email = $1)
       WHERE user_id IN (SELECT id FROM users WHERE email = ANY($2))`,
      [email, [ADMIN_EMAIL, REQUESTER_EMAIL]],
    );
    return { admin: { email: ADMIN_EMAIL, password }, requester: { email: REQUESTER_EMAIL, password } };
  }
  if (phase === 'before') {
    const create = async (email, role, extra = []) => {
      const password = `Bench-${randomBytes(9).toString('base64url')}`;
      await runCli(
        repoRoot,
        [
          'users:create',
          '--email',
          email,
          '--password-stdin',
          '--first-name',
          'Bench',
          '--last-name',
          role,
          '--role',
          role,
          '--approved',
          ...extra,
        ],
        env,
        `${password}\n`,
      );
      return { email, password };
    };
    return {
      admin: await create(ADMIN_EMAIL, 'admin'),
      requester: await create(REQUESTER_EMAIL, 'user', [
        '--address',
        '{"street_line1":"1 Main St","city":"Boston","state":"MA","postal_code":"02115"}',
      ]),
    };
  }
  const { encryptSecret } = await import(pathToFileURL(path.join(repoRoot, DIST, 'crypto', 'secret-box.js')).href);
  await client.query(
    `INSERT INTO punchout_settings (id, inbound_identity, inbound_shared_secret_encrypted) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET inbound_identity = excluded.inbound_identity,
       inbound_shared_secret_encrypted = excluded.inbound_shared_secret_encrypted`,
    [SUPPLIER.identity, encryptSecret(SUPPLIER.secret, env.SETTINGS_ENCRYPTION_KEY)],
  );
  const { rows } = await client.query(
    `SELECT u.id, p.department_id FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = $1`,
    [people.requester.email],
  );
  Object.assign(people.requester, { userId: rows[0].id, departmentId: rows[0].department_id });
  return people;
}

async function signIn(baseUrl, { email, password }) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** One request, body read in full; throws unless the status is `expect`. Resolves with its ms. */
async function call(baseUrl, { method = 'GET', path: route, cookie, body, headers = {}, expect = 200 }) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${route}`, {
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
  }).catch((error) => {
    if (error?.name === 'TimeoutError') throw new CallTimeout(`${method} ${route}`);
    throw error;
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== expect)
    throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return ms;
}

function dayIn(timeZone, date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}
function addDays(day, days) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function measureCases({
  baseUrl,
  client,
  people,
  options,
  builders,
  explainCase,
  progress,
  longTail,
  serverPid,
}) {
  const rows = [];
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  /** Warm-ups, then `samples` calls; a row with the p95 (and the median) against `target` ms. */
  const timeCase = async (name, target, request, { samples = options.samples } = {}) => {
    progress(`timing ${name}…`);
    let first;
    try {
      first = await request(0);
    } catch (error) {
      if (!(error instanceof CallTimeout)) throw error;
      // The server's statements go on after the client leaves: cancel them so the next cases run alone.
      await client.query(
        `SELECT pg_cancel_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`,
      );
      rows.push({ name, value: `> ${CALL_TIMEOUT_MS / 1000} s (abandoned)`, target: `≤ ${target} ms`, pass: false });
      return { timedOut: true };
    }
    // A call far past its target is timed three times, not `samples` times: at ten million orders
    // one can take minutes, and its figure is clear enough.
    const isSlow = first > Math.max(2000, 20 * target);
    for (let index = 1; index < (isSlow ? 1 : WARM_UPS); index += 1) await request(index);
    const times = [];
    const slowSamples = options.smoke ? 1 : 3;
    for (let index = 0; index < (isSlow ? slowSamples : samples); index += 1)
      times.push(await request(WARM_UPS + index));
    const p95 = percentile(times, 95);
    rows.push({
      name: `${name}, p95 (median)`,
      value: `${fmt(p95)} (${fmt(median(times))})`,
      target: `≤ ${target} ms`,
      pass: p95 <= target,
    });
    return { p95, times };
  };
  const now = new Date();
  const admin = await signIn(baseUrl, people.admin);
  const requester = await signIn(baseUrl, people.requester);

  await timeCase("Requester's GET /api/orders (first page)", TARGETS.ownOrdersMs, () =>
    call(baseUrl, { path: '/api/orders', cookie: requester }),
  );
  await explainCase("requester's orders", builders.ownOrders({ userId: people.requester.userId }));

  const department = (await client.query(`SELECT name FROM departments WHERE code = 'BENCH07'`)).rows[0].name;
  const adminCases = [
    // The back office opens Orders on its "All" tab: every order, newest first, with the total.
    ['with no filter', {}, builders.adminAll()],
    ['status = pending', { status: 'pending' }, builders.adminStatus({ status: 'pending' })],
    ['fulfilment = overdue', { fulfilment: 'overdue' }, builders.adminFulfilment({ fulfilment: 'overdue', now })],
    [
      'fulfilment = awaiting_receipt',
      { fulfilment: 'awaiting_receipt' },
      builders.adminFulfilment({ fulfilment: 'awaiting_receipt', now }),
    ],
    [`department = ${department}`, { department }, builders.adminDepartment({ department })],
  ];
  for (const [label, filter, statement] of adminCases) {
    const query = new URLSearchParams({
      filter: JSON.stringify(filter),
      range: '[0,49]',
      sort: '["created_at","DESC"]',
    });
    const { timedOut } = await timeCase(`Admin GET /api/admin/orders ${label}`, TARGETS.adminListMs, () =>
      call(baseUrl, { path: `/api/admin/orders?${query}`, cookie: admin }),
    );
    // A statement that ran past the call's timeout is explained without running it.
    await explainCase(`admin orders, ${label}: the page`, statement.page, { isAnalyzed: !timedOut });
    await explainCase(`admin orders, ${label}: the total`, statement.count, { isAnalyzed: !timedOut });
  }

  // The tabs' counts beside the list, on every visit to Orders.
  await timeCase('Admin GET /api/admin/order-counts (the tabs, no filter)', TARGETS.adminListMs, () =>
    call(baseUrl, { path: '/api/admin/order-counts', cookie: admin }),
  );
  await explainCase('admin order counts by status, no filter', builders.adminCounts());

  const today = dayIn(TIMEZONE, now);
  for (const [days, target] of [
    [30, TARGETS.report30Ms],
    [365, TARGETS.report365Ms],
  ]) {
    const range = { from: addDays(today, -(days - 1)), to: today };
    await timeCase(`POST /api/reports/query overview, ${days} days`, target, () =>
      call(baseUrl, {
        method: 'POST',
        path: '/api/reports/query',
        cookie: admin,
        body: { slice: 'overview', filters: range },
      }),
    );
    await explainCase(`report overview (dailyTotals), ${days} days`, builders.report({ name: 'dailyTotals', range }));
  }

  await measureBudget({ baseUrl, client, people, requester, options, rows, progress, fmt });
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  await explainCase(
    'budget check: committed spend of the department this month',
    builders.budget({ departmentId: people.requester.departmentId, start: monthStart, end: nextMonth }),
  );

  await measureInbound({ baseUrl, client, options, timeCase, explainCase, builders });

  const asin = `SCALE${String(RECALL_LOT.productN).padStart(5, '0')}`;
  const recallQuery = new URLSearchParams({ code: asin, lot: RECALL_LOT.lot });
  await timeCase(`Recall lookup by lot (${asin}, ${RECALL_LOT.lot})`, TARGETS.recallMs, () =>
    call(baseUrl, { path: `/api/admin/recalls/receipts?${recallQuery}`, cookie: admin }),
  );
  await explainCase('recall lookup by lot', builders.recall({ asin, lot: RECALL_LOT.lot }));

  const tail = await longTail();
  const longest = { from: addDays(today, -(5 * 365)), to: today };
  progress('streaming the top_products CSV (the long tail: a row per product) while sampling the server’s memory…');
  const csv = await downloadSampling(serverPid, baseUrl, admin, {
    slice: 'top_products',
    filters: longest,
    format: 'csv',
  });
  rows.push({
    name: `CSV export top_products, ${csv.lines.toLocaleString('en-US')} lines (${tail.productRows.toLocaleString('en-US')} product rows kept): server RSS growth`,
    value: `+${csv.growthMb.toFixed(1)} MB (from ${csv.baselineMb.toFixed(0)} MB; ${(csv.ms / 1000).toFixed(1)} s)`,
    target: `≤ +${TARGETS.csvGrowthMb} MB`,
    pass: csv.growthMb <= TARGETS.csvGrowthMb,
  });
  await explainCase('CSV export: top_products, five years', builders.report({ name: 'topProducts', range: longest }));
  return rows;
}

/** Submission p95 with the requester's department on a 'stop' budget against none: the check's share. */
async function measureBudget({ baseUrl, client, people, requester, options, rows, progress, fmt }) {
  progress('timing order submission without and with the budget check…');
  const departmentId = people.requester.departmentId;
  const setBudget = async (isOn) => {
    await client.query('DELETE FROM budgets WHERE department_id = $1', [departmentId]);
    if (isOn) {
      await client.query(
        `INSERT INTO budgets (department_id, period, amount, policy) VALUES ($1, 'month', 9999999999.99, 'stop')`,
        [departmentId],
      );
    }
  };
  let seed = 0;
  const submit = () => {
    seed += 1;
    const lines = [0, 1, 2].map((line) => ({
      asin: `SCALE${String(1 + ((seed * 13 + line * 7) % PRODUCTS)).padStart(5, '0')}`,
      quantity: 1 + ((seed + line) % 4),
    }));
    return call(baseUrl, {
      method: 'POST',
      path: '/api/orders',
      cookie: requester,
      body: { lines },
      headers: { 'Idempotency-Key': `bench-scale-${randomUUID()}` },
      expect: 201,
    });
  };
  const latencies = { off: [], on: [] };
  for (let round = 0; round < 2; round += 1) {
    for (const side of ['off', 'on']) {
      await setBudget(side === 'on');
      for (let index = 0; index < WARM_UPS; index += 1) await submit();
      for (let index = 0; index < options.samples; index += 1) latencies[side].push(await submit());
    }
  }
  const off = percentile(latencies.off, 95);
  const on = percentile(latencies.on, 95);
  rows.push(
    { name: 'POST /api/orders without a budget, p95', value: fmt(off) },
    { name: 'POST /api/orders with a stop budget, p95', value: fmt(on) },
    {
      name: 'Budget check added to a submission, p95 difference',
      value: fmt(on - off),
      target: `≤ ${TARGETS.budgetAddedMs} ms`,
      pass: on - off <= TARGETS.budgetAddedMs,
    },
  );
}

/** A whole-order accept per sent order, newest first (those without a confirmation come first). */
async function measureInbound({ baseUrl, client, options, timeCase, explainCase, builders }) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
  const { buildConfirmationRequestXml } = await import(
    pathToFileURL(path.join(root, DIST, 'modules', 'supplier', 'cxml', 'cxml-supplier-documents.js')).href
  );
  const { rows: orders } = await client.query(
    `SELECT o.order_number, o.payload_id FROM orders o
     WHERE o.status = 'submitted' AND o.payload_id IS NOT NULL
     ORDER BY (EXISTS (SELECT 1 FROM supplier_confirmations c WHERE c.order_id = o.id)), o.display_seq DESC
     LIMIT $1`,
    [options.samples + WARM_UPS],
  );
  const documents = orders.map((order) => {
    const noticeDate = new Date();
    return buildConfirmationRequestXml(
      supplierHeader({
        identity: SUPPLIER.identity,
        sharedSecret: SUPPLIER.secret,
        userAgent: 'Supply Hub scale benchmark',
        payloadDomain: 'bench-supplier',
        timestamp: noticeDate,
      }),
      { type: 'accept', noticeDate, order: { orderId: order.order_number, payloadId: order.payload_id } },
    );
  });
  await timeCase('Inbound confirmation POST /api/cxml/inbound', TARGETS.inboundMs, (index) =>
    call(baseUrl, {
      method: 'POST',
      path: '/api/cxml/inbound',
      body: documents[index],
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
    }),
  );
  const last = orders.at(-1);
  await explainCase(
    'inbound confirmation: the referenced order, locked',
    builders.inboundOrder({ orderNumber: last.order_number, payloadId: last.payload_id }),
  );
}

async function downloadSampling(pid, baseUrl, cookie, body) {
  const baselineKb = readRssKb(pid);
  let peakKb = baselineKb;
  const timer = setInterval(() => {
    const rss = readRssKb(pid);
    if (rss !== undefined && rss > peakKb) peakKb = rss;
  }, 20);
  try {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/reports/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`the CSV export answered ${response.status}`);
    let lines = 0;
    for await (const chunk of response.body) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    return {
      ms: performance.now() - started,
      lines,
      baselineMb: kbToMb(baselineKb),
      growthMb: kbToMb(peakKb - baselineKb),
    };
  } finally {
    clearInterval(timer);
  }
}
