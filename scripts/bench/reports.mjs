// Reports benchmark: a throwaway PostgreSQL database filled with a million orders and four million
// lines over three years, the built server on it, and for every report slice the median time of the
// API call next to the very same SQL run straight in PostgreSQL; a company timezone change (the
// rollups move in the settings transaction); then the largest CSV export the slices allow and, with
// a long tail of a million one-off products, a million-row CSV with the server's memory sampled
// while it streams.
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

import pg from 'pg';

import { kbToMb, readRssKb } from './proc-memory.mjs';
import { checksOf, formatMb, formatSeconds, formatTable, machineOf, median } from './report.mjs';
import { LINES_PER_ORDER, fillDatabase, fillLongTail } from './reports-fill.mjs';
import {
  createBenchUser,
  dropDatabase,
  prepareDatabase,
  serverEnvironment,
  signIn,
  startApiServer,
} from './reports-server.mjs';
import { SERVER_ENTRY, findFreePort, killServerGroup, stopServer, waitForHealthy } from './server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUERIES_ENTRY = 'api/dist/api/src/modules/reports/reports.queries.js';
const MAX_ORDERS = 1_000_000; // order_number pads display_seq to six digits: SO-000000 … SO-999999
const USERS = 3_000;
const TAIL_ORDERS = 250_000;
// Sub-10 ms figures on a shared two-core machine: enough runs for a median that holds still.
const RUNS = 20;
const WARM_UPS = 2;
const JSON_ROW_LIMIT = 500;
const TARGETS = { range30Ms: 50, range365Ms: 150, apiOverSql: 1.3, csvRssGrowthMb: 150, fillMs: 180_000 };
const USAGE = 'Usage: npm run bench -- reports [--json] [--smoke] [--orders <n, at most 1000000>]';
// --smoke: every step on a small database, in seconds; it checks that each ran and gave its figures,
// not the targets, which hold only at full size.
const SMOKE = { orders: 2_000, tailOrders: 500, runs: 3 };

function parseArgs(args) {
  const options = { asJson: false, isSmoke: false, orders: MAX_ORDERS, tailOrders: TAIL_ORDERS, runs: RUNS };
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--json') options.asJson = true;
    else if (args[index] === '--smoke') Object.assign(options, { isSmoke: true }, SMOKE);
    else if (args[index] === '--orders') {
      options.orders = Number(args[(index += 1)]);
      if (!Number.isInteger(options.orders) || options.orders < 1000 || options.orders > MAX_ORDERS) return undefined;
    } else return undefined;
  }
  return options;
}

export async function run(args) {
  const options = parseArgs(args);
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  for (const entry of [SERVER_ENTRY, QUERIES_ENTRY]) {
    if (!existsSync(path.join(REPO_ROOT, entry))) {
      process.stderr.write(`${entry} not found — run \`npm run build -w api\` first.\n`);
      return 1;
    }
  }
  const session = { database: undefined, server: undefined, dataDir: undefined, clients: [] };
  const onSignal = (signal) => {
    void cleanUp(session).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const progress = (text) => {
    if (!options.asJson) process.stderr.write(`${text}\n`);
  };
  try {
    const results = await measure(session, options, progress);
    // A smoke run's figures are not held to the targets (they hold at full size only): shown as info.
    const rows = buildRows(results).map((row) => (options.isSmoke ? { ...row, pass: undefined } : row));
    const isPass = options.isSmoke
      ? smokeProblems(results, rows).length === 0
      : rows.every((row) => row.pass !== false);
    if (options.isSmoke)
      for (const problem of smokeProblems(results, rows)) process.stderr.write(`smoke: ${problem}\n`);
    if (options.asJson) {
      process.stdout.write(`${JSON.stringify(toJson(results, rows, isPass), null, 2)}\n`);
    } else {
      process.stdout.write(
        `\n${describeEnvironment(results)}\n\n${formatTable(rows)}\n\n${notes(results).join('\n')}\n\n${isPass ? 'PASS' : 'FAIL'}\n`,
      );
    }
    return isPass ? 0 : 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const serverOutput = session.server?.tail ?? [];
    if (options.asJson) {
      process.stdout.write(
        `${JSON.stringify({ benchmark: 'reports', pass: false, error: message, serverOutput }, null, 2)}\n`,
      );
    } else {
      const tail = serverOutput.length > 0 ? `\nLast server output:\n  ${serverOutput.join('\n  ')}` : '';
      process.stderr.write(`reports benchmark failed: ${message}${tail}\n`);
    }
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanUp(session);
  }
}

async function measure(session, options, progress) {
  const { reportStatement } = await import(pathToFileURL(path.join(REPO_ROOT, QUERIES_ENTRY)).href);
  progress('creating and migrating a throwaway database…');
  session.database = await prepareDatabase(REPO_ROOT);
  const client = new pg.Client({ connectionString: session.database.url });
  session.clients.push(client);
  await client.connect();

  const fillStarted = performance.now();
  const fill = await fillDatabase(client, { orders: options.orders, users: USERS, progress });
  const fillMs = performance.now() - fillStarted;
  await client.query('RESET ALL');
  progress(`  filled in ${formatSeconds(fillMs)}, rollups rebuilt in ${formatSeconds(fill.steps.rebuildMs)}`);

  session.dataDir = await mkdtemp(path.join(os.tmpdir(), 'supply-hub-bench-reports-'));
  const port = await findFreePort();
  const env = serverEnvironment({ databaseUrl: session.database.url, port, dataDir: session.dataDir });
  progress('starting the built server…');
  session.server = startApiServer({ repoRoot: REPO_ROOT, env });
  await waitForHealthy(session.server, { timeoutMs: 60_000 });
  const finance = await createBenchUser(REPO_ROOT, env, 'finance');
  // An approver for the default level, as every portal in use has: the dashboard's card of levels
  // without an approver is then empty, instead of counting the bench's 80,000 pending orders.
  await createBenchUser(REPO_ROOT, env, 'admin');
  const api = await signIn(`http://127.0.0.1:${port}`, finance);

  const today = dayIn('America/New_York', new Date());
  const ranges = [30, 365].map((days) => ({ days, from: addDays(today, -(days - 1)), to: today }));
  const sql = async (name, range, limit) => {
    const { sql: text, bindings } = reportStatement(name, range, limit);
    let position = 0;
    const started = performance.now();
    await client.query(
      text.replace(/\?/g, () => `$${(position += 1)}`),
      bindings,
    );
    return performance.now() - started;
  };

  const cases = [
    { slice: 'overview', body: { slice: 'overview' }, statements: [['dailyTotals']] },
    { slice: 'by_region', body: { slice: 'by_region' }, statements: [['byState']] },
    { slice: 'by_region (map)', body: { slice: 'by_region', view: 'map' }, statements: [['byState']] },
    { slice: 'top_products', body: { slice: 'top_products' }, statements: [['topProducts', JSON_ROW_LIMIT]] },
    { slice: 'reorders', body: { slice: 'reorders' }, statements: [['reorders', JSON_ROW_LIMIT]] },
  ];
  const timings = [];
  for (const range of ranges) {
    for (const testCase of cases) {
      progress(`timing ${testCase.slice}, ${range.days} days…`);
      const call = () =>
        api.postJson('/api/reports/query', { ...testCase.body, filters: { from: range.from, to: range.to } });
      const runSql = async () => {
        let total = 0;
        for (const [name, limit] of testCase.statements) total += await sql(name, range, limit);
        return total;
      };
      timings.push({ slice: testCase.slice, days: range.days, ...(await compare(call, runSql, options.runs)) });
    }
  }
  progress('timing the dashboard (default: the last 30 days)…');
  timings.push({
    slice: 'dashboard cards',
    days: 30,
    ...(await compare(
      () => api.getJson('/api/reports/dashboard'),
      // What the service runs per call: the two card queries (the company timezone, for "today",
      // is kept for a minute — report-timezone.ts).
      async () => (await sql('dailyTotals', ranges[0])) + (await sql('topProducts', ranges[0], 5)),
      options.runs,
    )),
  });

  progress('company timezone New York → Chicago and back, as the settings save does it…');
  const timezoneChange = await measureTimezoneChange(client, longestRange(today));

  const longest = longestRange(today);
  progress('largest CSV the slices allow on this catalogue (top_products, five years)…');
  const catalogueCsv = await api.download('/api/reports/query', {
    slice: 'top_products',
    filters: longest,
    format: 'csv',
  });
  if (catalogueCsv.status !== 200) throw new Error(`the CSV export answered ${catalogueCsv.status}`);

  progress(
    `long tail: four one-off products added to each of up to ${options.tailOrders.toLocaleString('en-US')} submitted orders, through the triggers…`,
  );
  const tail = await fillLongTail(client, { orders: options.tailOrders });
  progress(`  ${formatSeconds(tail.steps.linesMs)}`);
  progress('streaming the million-row CSV while sampling the server’s memory…');
  const bigCsv = await downloadSampling(session.server.pid, () =>
    api.download('/api/reports/query', { slice: 'top_products', filters: longest, format: 'csv' }),
  );
  if (bigCsv.status !== 200) throw new Error(`the big CSV export answered ${bigCsv.status}`);
  const { rows: audits } = await client.query(
    `SELECT details FROM audit_events WHERE action = 'report.export' ORDER BY id DESC LIMIT 1`,
  );
  return {
    options,
    fill,
    fillMs,
    timings,
    timezoneChange,
    catalogueCsv,
    tail,
    bigCsv,
    auditedRows: audits[0]?.details?.rows,
    today,
  };
}

function longestRange(today) {
  return { from: addDays(addYears(today, -5), 1), to: today };
}

/**
 * The company timezone UPDATE in a transaction of its own, as saveCompanySettings runs it: its
 * trigger moves the orders whose day changes (order writes wait meanwhile). There and back; the
 * daily totals must come back exactly as they were.
 */
async function measureTimezoneChange(client, range) {
  const dailyTotals = async () =>
    (
      await client.query(
        `SELECT day::text, sum(order_count)::bigint AS orders, sum(units)::bigint AS units, sum(spend)::text AS spend
         FROM report_daily_orders WHERE day BETWEEN $1 AND $2 GROUP BY day ORDER BY day`,
        [range.from, range.to],
      )
    ).rows;
  const movedOrders = (from, to) =>
    client
      .query(
        `SELECT count(*)::int AS n FROM orders
         WHERE status IN ('approved', 'submitted')
           AND (created_at AT TIME ZONE $1)::date <> (created_at AT TIME ZONE $2)::date`,
        [from, to],
      )
      .then((result) => result.rows[0].n);
  const change = async (timezone) => {
    const started = performance.now();
    await client.query('BEGIN');
    await client.query('UPDATE company_settings SET timezone = $1 WHERE id = 1', [timezone]);
    await client.query('COMMIT');
    return performance.now() - started;
  };
  const before = await dailyTotals();
  const moved = await movedOrders('America/New_York', 'America/Chicago');
  const toChicagoMs = await change('America/Chicago');
  const backMs = await change('America/New_York');
  const isRestored = JSON.stringify(await dailyTotals()) === JSON.stringify(before);
  await client.query('VACUUM (ANALYZE) report_daily_orders, report_daily_products');
  return { moved, toChicagoMs, backMs, isRestored };
}

/** Medians of RUNS calls (after warm-ups) of the API and of the same SQL straight in PostgreSQL. */
async function compare(call, runSql, runs) {
  for (let warm = 0; warm < WARM_UPS; warm += 1) {
    const answer = await call();
    if (answer.status !== 200) throw new Error(`the API answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    await runSql();
  }
  const api = [];
  const request = [];
  const handler = [];
  const sql = [];
  // Interleaved, and in turns which goes first, so both sides see the same background load.
  for (let index = 0; index < runs; index += 1) {
    if (index % 2 === 1) sql.push(await runSql());
    const answer = await call();
    api.push(answer.ms);
    request.push(answer.requestMs ?? Number.NaN);
    handler.push(answer.handlerMs ?? Number.NaN);
    if (index % 2 === 0) sql.push(await runSql());
  }
  return { apiMs: median(api), requestMs: median(request), serverMs: median(handler), sqlMs: median(sql) };
}

async function downloadSampling(pid, download) {
  const baselineKb = readRssKb(pid);
  let peakKb = baselineKb;
  const timer = setInterval(() => {
    const rss = readRssKb(pid);
    if (rss !== undefined && rss > peakKb) peakKb = rss;
  }, 20);
  try {
    const result = await download();
    return { ...result, baselineMb: kbToMb(baselineKb), peakMb: kbToMb(peakKb), growthMb: kbToMb(peakKb - baselineKb) };
  } finally {
    clearInterval(timer);
  }
}

function buildRows({ fill, fillMs, timings, timezoneChange, catalogueCsv, tail, bigCsv, auditedRows, options }) {
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  const rows = [
    {
      name: `Fill: ${options.orders.toLocaleString('en-US')} orders, ${(options.orders * LINES_PER_ORDER).toLocaleString('en-US')} lines`,
      value: formatSeconds(fillMs - fill.steps.rebuildMs - fill.steps.fulfilmentMs),
      target: `≤ ${TARGETS.fillMs / 1000} s`,
      pass: fillMs - fill.steps.rebuildMs - fill.steps.fulfilmentMs <= TARGETS.fillMs,
    },
    {
      name: '  rollups rebuilt (report_rollups_rebuild)',
      value: `${formatSeconds(fill.steps.rebuildMs)}; ${fill.rollupRows.order_rows} + ${fill.rollupRows.product_rows} rows`,
    },
    {
      name: '  fulfilment and order counts rebuilt',
      value: formatSeconds(fill.steps.fulfilmentMs),
    },
  ];
  for (const timing of timings) {
    const limit = timing.days === 30 ? TARGETS.range30Ms : TARGETS.range365Ms;
    const ratio = timing.serverMs / timing.sqlMs;
    rows.push({
      name: `${timing.slice}, ${timing.days} days: API (request; handler) / SQL`,
      value: `${fmt(timing.apiMs)} (${fmt(timing.requestMs)}; ${fmt(timing.serverMs)}) / ${fmt(timing.sqlMs)} = ${ratio.toFixed(2)}×`,
      target: `≤ ${limit} ms, ≤ ${TARGETS.apiOverSql}×`,
      pass: timing.apiMs <= limit && ratio <= TARGETS.apiOverSql,
    });
  }
  const pipeline = median(timings.map((timing) => timing.requestMs - timing.serverMs));
  const requestRatios = timings.map((timing) => timing.requestMs / timing.sqlMs);
  rows.push(
    {
      name: '  request before and after the handler (median)',
      value: `${fmt(pipeline)}; whole request / SQL ${Math.min(...requestRatios).toFixed(2)}–${Math.max(...requestRatios).toFixed(2)}×`,
    },
    {
      name: `Timezone New York → Chicago (${timezoneChange.moved.toLocaleString('en-US')} orders move)`,
      value: `${formatSeconds(timezoneChange.toChicagoMs)}; back ${formatSeconds(timezoneChange.backMs)}`,
      target: 'rollups as before',
      pass: timezoneChange.isRestored,
    },
  );
  rows.push(
    {
      name: 'CSV top_products, 5 years (154 products)',
      value: `${catalogueCsv.lines - 1} rows in ${fmt(catalogueCsv.ms)}`,
    },
    {
      name: `Long tail via triggers: ${tail.lines.toLocaleString('en-US')} lines`,
      value: `${formatSeconds(tail.steps.linesMs)}; ${tail.productRows.toLocaleString('en-US')} product rows`,
    },
    {
      name: 'CSV top_products with the long tail',
      value: `${(bigCsv.lines - 1).toLocaleString('en-US')} rows, ${formatMb(bigCsv.bytes / 1024 ** 2)} in ${formatSeconds(bigCsv.ms)}`,
      target: `≥ ${tail.lines.toLocaleString('en-US')} rows, audited`,
      pass: bigCsv.lines - 1 >= tail.lines && auditedRows === bigCsv.lines - 1,
    },
    {
      name: '  server RSS growth while streaming',
      value: `${formatMb(bigCsv.growthMb)} (${formatMb(bigCsv.baselineMb)} → ${formatMb(bigCsv.peakMb)})`,
      target: `< ${TARGETS.csvRssGrowthMb} MB`,
      pass: bigCsv.growthMb < TARGETS.csvRssGrowthMb,
    },
  );
  return rows;
}

/** What a smoke run must show: every figure measured and finite, the rollups back after the timezone trip, the long tail in the CSV. */
function smokeProblems({ timings, timezoneChange, tail, bigCsv, auditedRows }, rows) {
  const problems = [];
  if (rows.length < timings.length + 6) problems.push(`only ${rows.length} figures printed`);
  for (const timing of timings) {
    for (const key of ['apiMs', 'serverMs', 'sqlMs']) {
      if (!Number.isFinite(timing[key])) problems.push(`${timing.slice}, ${timing.days} days: no ${key}`);
    }
  }
  if (!timezoneChange.isRestored) problems.push('the rollups did not come back after the timezone change and back');
  if (!Number.isFinite(tail.steps.linesMs)) problems.push('the long tail was not timed');
  if (tail.lines === 0) problems.push('the long tail added no lines');
  if (tail.productRows < tail.lines) problems.push(`the long tail left ${tail.productRows} product rows`);
  if (bigCsv.lines - 1 < tail.lines || auditedRows !== bigCsv.lines - 1) {
    problems.push(`the CSV with the long tail had ${bigCsv.lines - 1} rows, ${auditedRows} audited`);
  }
  return problems;
}

function notes({ today }) {
  return [
    `Ranges end today in the company timezone (${today}, America/New_York). API: client round trip; request: the`,
    'whole request on the server (from Node handing it over to the headers written: session and user lookups,',
    'body parsing, JSON); handler: the reports handler alone (its Server-Timing); SQL: the same statements from',
    'reports.queries.js over one pg connection. Ratio: handler / SQL. The timezone change is the settings UPDATE,',
    'in its own transaction, whose trigger moves the orders whose day changes; order writes wait meanwhile.',
    'No report slice yields a million rows on a 154-product catalogue (top_products and reorders have one row per',
    'ASIN); the million-row CSV is top_products after a long tail of one-off products was added to existing orders.',
  ];
}

function toJson(results, rows, isPass) {
  const round1 = (value) => Math.round(value * 10) / 10;
  return {
    benchmark: 'reports',
    pass: isPass,
    environment: environment(),
    orders: results.options.orders,
    lines: results.options.orders * LINES_PER_ORDER,
    fillMs: Math.round(results.fillMs),
    fillSteps: Object.fromEntries(Object.entries(results.fill.steps).map(([key, ms]) => [key, Math.round(ms)])),
    rollupRows: results.fill.rollupRows,
    timings: results.timings.map((timing) => ({
      slice: timing.slice,
      days: timing.days,
      apiMs: round1(timing.apiMs),
      requestMs: round1(timing.requestMs),
      serverMs: round1(timing.serverMs),
      sqlMs: round1(timing.sqlMs),
      serverOverSql: Math.round((timing.serverMs / timing.sqlMs) * 100) / 100,
    })),
    timezoneChange: {
      movedOrders: results.timezoneChange.moved,
      toChicagoMs: Math.round(results.timezoneChange.toChicagoMs),
      backMs: Math.round(results.timezoneChange.backMs),
      isRestored: results.timezoneChange.isRestored,
    },
    catalogueCsv: { rows: results.catalogueCsv.lines - 1, ms: Math.round(results.catalogueCsv.ms) },
    longTail: {
      steps: Object.fromEntries(Object.entries(results.tail.steps).map(([k, ms]) => [k, Math.round(ms)])),
      productRows: results.tail.productRows,
    },
    bigCsv: {
      rows: results.bigCsv.lines - 1,
      auditedRows: results.auditedRows,
      megabytes: round1(results.bigCsv.bytes / 1024 ** 2),
      ms: Math.round(results.bigCsv.ms),
      rssBaselineMb: round1(results.bigCsv.baselineMb),
      rssPeakMb: round1(results.bigCsv.peakMb),
      rssGrowthMb: round1(results.bigCsv.growthMb),
    },
    checks: checksOf(rows),
    targets: TARGETS,
  };
}

function environment() {
  return machineOf({ loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10) });
}

function describeEnvironment(results) {
  const env = environment();
  return `Supply Hub reports benchmark — ${results.options.orders.toLocaleString('en-US')} orders; node ${env.node}, ${env.platform}, ${env.cpus} CPUs, ${env.memoryGb} GB RAM, load ${env.loadAverage.join(' ')}`;
}

function dayIn(timeZone, date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

function addDays(day, days) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addYears(day, years) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** Stops the server, closes the connections, drops the database and the data folder — whatever got made. */
async function cleanUp(session) {
  const { server, database, dataDir, clients } = session;
  session.server = undefined;
  session.database = undefined;
  session.dataDir = undefined;
  session.clients = [];
  if (server && !server.exit) {
    const stopped = await stopServer(server, { timeoutMs: 15_000 }).catch(() => undefined);
    if (!stopped || stopped.timedOut) killServerGroup(server);
  }
  for (const client of clients) await client.end().catch(() => undefined);
  if (database) {
    await dropDatabase(REPO_ROOT, database).catch((error) =>
      process.stderr.write(`could not drop ${database.name}: ${error instanceof Error ? error.message : error}\n`),
    );
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
