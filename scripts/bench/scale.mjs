// Scale benchmark: a throwaway PostgreSQL database on 127.0.0.1:5432 filled with N orders (default ten
// million, four lines each) over three years for 60 departments, 600 requesters and 20 locations,
// with confirmations, ship notices, receipts (with lots) and invoices (scale-fill.mjs); then the
// built server on it and, over HTTP, the p95 of a requester's orders, the admin orders list by
// status, fulfilment and department, the 30- and 365-day reports, the budget check's share of a
// submission, an inbound confirmation, a recall lookup by lot and the server's memory while a
// million-row CSV streams. Prints table and index sizes and the EXPLAIN (ANALYZE, BUFFERS) plan of
// each measured query; fails on a target missed or a sequential scan of a large table.
// Options: --orders N, --smoke (10,000 orders, fewer samples), --samples N, --keep (leave the database),
// --database URL (measure a database kept by an earlier run instead of filling one).
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { formatSeconds, formatTable } from './report.mjs';
import { fillLongTail } from './reports-fill.mjs';
import { serverEnvironment, startApiServer } from './reports-server.mjs';
import { BULK_TABLES, LINES_PER_ORDER, checkKeptTotals, fillDatabase } from './scale-fill.mjs';
import { measureCases, prepareServerData, runCli } from './scale-measure.mjs';
import { explain, statementBuilders } from './scale-queries.mjs';
import { TARGETS } from './scale-targets.mjs';
import { SERVER_ENTRY, findFreePort, killServerGroup, stopServer, waitForHealthy } from './server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE =
  'Usage: npm run bench -- scale [--orders <n>] [--smoke] [--samples <n>] [--keep] [--database <url of a kept run>]';

function parseArgs(args) {
  const options = {
    orders: 10_000_000,
    samples: 40,
    tailOrders: 250_000,
    keep: false,
    smoke: false,
    database: undefined,
  };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--smoke') Object.assign(options, { smoke: true, orders: 10_000, samples: 8, tailOrders: 2_000 });
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--database') options.database = args[(index += 1)];
    else if (arg === '--orders' || arg === '--samples') {
      const value = Number(args[(index += 1)]);
      if (!Number.isInteger(value) || value < 1) return undefined;
      options[arg.slice(2)] = value;
    } else return undefined;
  }
  if (options.orders < 10_000) return undefined;
  return options;
}

export async function run(args) {
  const options = parseArgs(args);
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build -w api\` first.\n`);
    return 1;
  }
  const session = { database: undefined, server: undefined, dataDir: undefined, client: undefined };
  const onSignal = (signal) => {
    void cleanUp(session, options).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const startedAt = performance.now();
  const progress = (text) =>
    process.stderr.write(`[${formatSeconds(performance.now() - startedAt).padStart(9)}] ${text}\n`);
  try {
    const results = await measure(session, options, progress);
    const failures = failuresOf(results);
    // A smoke run checks that the bench runs and prints its figures: at toy size on a busy machine
    // the targets say nothing, but kept totals that disagree are an error of the fill.
    const judged = options.smoke ? failures.filter((failure) => failure.startsWith('kept totals')) : failures;
    const verdict =
      judged.length > 0 ? `FAIL: ${judged.join('; ')}` : options.smoke ? 'SMOKE OK (targets not judged)' : 'PASS';
    process.stdout.write(`${render(results, options)}\n\n${verdict}\n`);
    return judged.length === 0 ? 0 : 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tail = session.server?.tail?.length ? `\nLast server output:\n  ${session.server.tail.join('\n  ')}` : '';
    process.stderr.write(`scale benchmark failed: ${message}${tail}\n`);
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanUp(session, options);
  }
}

async function measure(session, options, progress) {
  const isReused = options.database !== undefined;
  if (isReused) {
    progress(`reusing the filled database ${options.database} (kept by an earlier run)…`);
  } else {
    progress('creating a throwaway database, migrated by the built CLI…');
    session.database = await createDatabase();
    if (options.keep) progress(`  kept after the run: ${session.database.url}`);
  }
  const databaseUrl = options.database ?? session.database.url;
  session.dataDir = await mkdtemp(path.join(os.tmpdir(), 'supply-hub-bench-scale-'));
  const port = await findFreePort();
  const env = serverEnvironment({ databaseUrl, port, dataDir: session.dataDir });
  const client = new pg.Client({ connectionString: databaseUrl });
  session.client = client;
  await client.connect();

  let people;
  let fill;
  if (isReused) {
    people = await prepareServerData(REPO_ROOT, env, client, 'reuse');
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM orders WHERE user_email LIKE 'bench-req-%'`);
    options.orders = rows[0].n;
    fill = { fillMs: Number.NaN, steps: [] };
  } else {
    // The built CLI migrates: the server and CLI measured refuse migrations they were not built with.
    await runCli(REPO_ROOT, ['db:migrate'], env);
    people = await prepareServerData(REPO_ROOT, env, client, 'before');
    progress(`filling ${options.orders.toLocaleString('en-US')} orders (set-based, triggers' effects computed after)…`);
    fill = await fillDatabase(client, { orders: options.orders, progress });
    progress(`  filled in ${formatSeconds(fill.fillMs)}`);
  }
  const kept = await checkKeptTotals(client);
  const sizes = await tableSizes(client);
  await prepareServerData(REPO_ROOT, env, client, 'after', people);

  progress('starting the built server…');
  session.server = startApiServer({ repoRoot: REPO_ROOT, env });
  await waitForHealthy(session.server, { timeoutMs: 120_000 });
  const baseUrl = `http://127.0.0.1:${port}`;
  const builders = await statementBuilders(REPO_ROOT);
  const tableRows = new Map(sizes.map((row) => [row.table, row.rows]));
  const plans = [];
  const explainCase = async (name, statement, explainOptions) => {
    const plan = await explain(client, statement, tableRows, explainOptions);
    plans.push({ name: explainOptions?.isAnalyzed === false ? `${name} (EXPLAIN only)` : name, ...plan });
  };
  const timings = await measureCases({
    baseUrl,
    client,
    people,
    options,
    builders,
    explainCase,
    progress,
    longTail: async () => {
      progress(
        `long tail: ${(options.tailOrders * 4).toLocaleString('en-US')} one-off product lines, through the triggers…`,
      );
      const { rows: earlier } = await client.query(
        `SELECT EXISTS (SELECT 1 FROM order_items WHERE asin >= 'TAIL' AND asin < 'TAIM') AS is_there`,
      );
      if (!earlier[0].is_there) return fillLongTail(client, { orders: options.tailOrders });
      // A reused database has its tail already (its line numbers are taken).
      const { rows } = await client.query('SELECT count(*)::int AS n FROM report_daily_products');
      return { productRows: rows[0].n };
    },
    serverPid: session.server.pid,
  });
  return { options, fill, kept, sizes, timings, plans };
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** An empty database of its own next to TEST_DATABASE_URL's (or on 127.0.0.1:5432): { url, name }. */
async function createDatabase() {
  const name = `supply_hub_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

async function dropDatabase({ name }) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function tableSizes(client) {
  const { rows } = await client.query(
    `SELECT c.relname AS table, c.reltuples::bigint AS rows, pg_table_size(c.oid) AS table_bytes,
            pg_indexes_size(c.oid) AS index_bytes
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r'
     ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 16`,
  );
  const { rows: indexes } = await client.query(
    `SELECT indexrelname AS index, relname AS table, pg_relation_size(indexrelid) AS bytes
     FROM pg_stat_user_indexes WHERE relname = ANY($1) ORDER BY pg_relation_size(indexrelid) DESC`,
    [BULK_TABLES],
  );
  return Object.assign(
    rows.map((row) => ({ ...row, rows: Number(row.rows) })),
    { indexes },
  );
}

function failuresOf({ kept, timings, plans }) {
  const failures = [];
  if (kept.orders_off !== 0 || kept.hours_off !== 0 || kept.fulfilment_off !== 0 || kept.counts_off !== 0) {
    failures.push(
      `kept totals disagree (${kept.orders_off} orders, ${kept.hours_off} committed hours, ${kept.fulfilment_off} fulfilments, ${kept.counts_off} order counts)`,
    );
  }
  for (const timing of timings)
    if (timing.pass === false) failures.push(`${timing.name} ${timing.value} > ${timing.target}`);
  for (const plan of plans)
    if (plan.scans.length > 0) failures.push(`${plan.name}: Seq Scan on ${plan.scans.join(', ')}`);
  return failures;
}

const mb = (bytes) => `${(Number(bytes) / 1024 ** 2).toFixed(0)} MB`;

function render({ options, fill, kept, sizes, timings, plans }, { orders }) {
  const fillRows = [
    {
      name: `Fill: ${orders.toLocaleString('en-US')} orders, ${(orders * LINES_PER_ORDER).toLocaleString('en-US')} lines`,
      value: Number.isNaN(fill.fillMs) ? 'reused (--database)' : formatSeconds(fill.fillMs),
    },
    ...fill.steps.map((step) => ({
      name: `  ${step.label}`,
      value: `${formatSeconds(step.ms)}${step.rows ? `; ${Number(step.rows).toLocaleString('en-US')} rows` : ''}`,
    })),
    {
      name: 'Kept totals vs order_budget_cost(), fulfilment (1 % samples), committed hours, order counts',
      value: `${kept.orders_off} / ${kept.fulfilment_off} / ${kept.hours_off} / ${kept.counts_off} off`,
      target: '0 / 0 / 0 / 0',
      pass: kept.orders_off === 0 && kept.fulfilment_off === 0 && kept.hours_off === 0 && kept.counts_off === 0,
    },
  ];
  const sizeLines = sizes.map(
    (row) =>
      `  ${row.table.padEnd(30)} ${row.rows.toLocaleString('en-US').padStart(13)} rows  table ${mb(row.table_bytes).padStart(8)}  indexes ${mb(row.index_bytes).padStart(8)}`,
  );
  const indexLines = sizes.indexes.map((row) => `  ${row.index.padEnd(58)} ${mb(row.bytes).padStart(8)}`);
  const planText = plans
    .map((plan) => `--- ${plan.name}${plan.scans.length ? `  [SEQ SCAN: ${plan.scans.join(', ')}]` : ''}\n${plan.text}`)
    .join('\n\n');
  return [
    `Scale benchmark${options.smoke ? ' (smoke)' : ''}: ${orders.toLocaleString('en-US')} orders; ${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 1024 ** 3)} GB; samples per case ${options.samples}`,
    '',
    'Sizes (largest tables):',
    ...sizeLines,
    '',
    'Indexes of the bulk tables:',
    ...indexLines,
    '',
    'Plans (EXPLAIN (ANALYZE, BUFFERS)):',
    planText,
    '',
    formatTable([...fillRows, ...timings]),
  ].join('\n');
}

async function cleanUp(session, options) {
  const { server, client, database, dataDir } = session;
  session.server = undefined;
  session.client = undefined;
  session.database = undefined;
  session.dataDir = undefined;
  if (server) await stopServer(server, { timeoutMs: 30_000 }).catch(() => killServerGroup(server));
  if (client) await client.end().catch(() => {});
  if (database && !options.keep) await dropDatabase(database).catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

export { TARGETS };
