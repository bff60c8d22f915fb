// Startup benchmark: the built server with its embedded PostgreSQL on a fresh DATA_DIR.
// Cold start (initdb + migrations + catalogue bootstrap + demo data), idle memory, graceful
// shutdown, then warm starts on the same DATA_DIR. Options: --smoke (1 s idle, one warm start: proves
// the bench runs and the server stops cleanly; judges no figure), --json.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { findProcessTree, kbToMb, measureProcesses, readRssKb } from './proc-memory.mjs';
import { assertSmokeFigures, checksOf, formatMb, formatSeconds, formatTable, machineOf, median } from './report.mjs';
import {
  SERVER_ENTRY,
  describeExit,
  findFreePort,
  killServerGroup,
  startServer,
  stopServer,
  waitForHealthy,
} from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000; // the server itself gives up after 20 s
const SIZES = { full: { idleMs: 5_000, warmRuns: 3 }, smoke: { idleMs: 1_000, warmRuns: 1 } };
const TARGETS = ALL_TARGETS.startup;
const USAGE = 'Usage: npm run bench -- startup [--smoke] [--json]';

export async function run(args) {
  const unknown = args.find((arg) => arg !== '--json' && arg !== '--smoke');
  if (unknown !== undefined) {
    process.stderr.write(`Unknown option "${unknown}".\n${USAGE}\n`);
    return 2;
  }
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const size = SIZES[isSmoke ? 'smoke' : 'full'];
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build\` first.\n`);
    return 1;
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'supply-hub-bench-'));
  // As root the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter DATA_DIR.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const session = { dataDir, server: undefined };
  const onSignal = (signal) => {
    killEverything(session);
    removeDataDir(dataDir);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const results = await measure(session, asJson, size);
    const rows = buildRows(results, size);
    const isPass = rows.every((row) => row.pass !== false);
    const verdict = isSmoke ? 'smoke run (not judged)' : isPass ? 'PASS' : 'FAIL';
    if (asJson) {
      process.stdout.write(`${JSON.stringify({ ...toJson(results, rows, isPass), isSmoke }, null, 2)}\n`);
    } else {
      process.stdout.write(`\n${describeEnvironment()}\n\n${formatTable(rows, { isSmoke })}\n\n${verdict}\n`);
    }
    if (isSmoke) {
      assertSmokeFigures('startup', {
        counts: {
          'first start ms': results.first.healthyMs,
          'warm start ms': median(results.warmStartMs),
          'idle RSS KB': results.serverRssKb,
        },
        figures: {},
      });
      // A server that does not stop cleanly (or leaves PostgreSQL behind) is an error, whatever the size.
      return results.shutdowns.every((stop) => stop.code === 0 && !stop.timedOut && stop.leftoverPostgres === 0)
        ? 0
        : 1;
    }
    return isPass ? 0 : 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const serverOutput = session.server?.tail ?? [];
    if (asJson) {
      process.stdout.write(
        `${JSON.stringify({ benchmark: 'startup', pass: false, error: message, serverOutput }, null, 2)}\n`,
      );
    } else {
      const tail = serverOutput.length > 0 ? `\nLast server output:\n  ${serverOutput.join('\n  ')}` : '';
      process.stderr.write(`startup benchmark failed: ${message}${tail}\n`);
    }
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    killEverything(session);
    await waitUntilGone(dataDir, 5_000);
    removeDataDir(dataDir);
  }
}

async function measure(session, asJson, { idleMs, warmRuns }) {
  const progress = (text) => {
    if (!asJson) process.stderr.write(`${text}\n`);
  };
  progress(`DATA_DIR ${session.dataDir}`);
  progress('first start: initdb, migrations, catalogue bootstrap, demo data…');
  const first = await startOnce(session);
  progress(`  healthy after ${formatSeconds(first.healthyMs)}; idling ${idleMs / 1000} s before reading memory…`);
  await sleep(idleMs);

  const serverRssKb = readRssKb(session.server.pid);
  if (serverRssKb === undefined) throw new Error('the server exited while idle');
  const postgres = measureProcesses(findProcessTree(session.dataDir));
  const shutdowns = [await stopOnce(session)];
  progress(`  stopped in ${Math.round(shutdowns[0].ms)} ms (${describeExit(shutdowns[0])})`);

  const warmStartMs = [];
  for (let run = 1; run <= warmRuns; run += 1) {
    const warm = await startOnce(session);
    warmStartMs.push(warm.healthyMs);
    shutdowns.push(await stopOnce(session));
    progress(`warm start ${run}/${warmRuns}: healthy after ${formatSeconds(warm.healthyMs)}`);
  }
  return { first, warmStartMs, serverRssKb, postgres, shutdowns };
}

async function startOnce(session) {
  const port = await findFreePort();
  session.server = startServer({ repoRoot: REPO_ROOT, dataDir: session.dataDir, port });
  return waitForHealthy(session.server, { timeoutMs: START_TIMEOUT_MS });
}

/** Stops the server, then records (and clears away) any PostgreSQL process it left behind. */
async function stopOnce(session) {
  const result = await stopServer(session.server, { timeoutMs: STOP_TIMEOUT_MS });
  const leftovers = findProcessTree(session.dataDir);
  if (leftovers.length > 0) {
    killEverything(session);
    await waitUntilGone(session.dataDir, 5_000);
  }
  session.server = undefined;
  return { ...result, leftoverPostgres: leftovers.length };
}

function buildRows({ first, warmStartMs, serverRssKb, postgres, shutdowns }, { idleMs, warmRuns }) {
  const warmMedian = median(warmStartMs);
  const serverRssMb = kbToMb(serverRssKb);
  const isCleanShutdown = shutdowns.every((stop) => stop.code === 0 && !stop.timedOut && stop.leftoverPostgres === 0);
  const exitCodes = [...new Set(shutdowns.map((stop) => (stop.timedOut ? 'timeout' : describeExit(stop))))];
  const leftovers = shutdowns.reduce((sum, stop) => sum + stop.leftoverPostgres, 0);
  return [
    {
      name: 'First start to healthy (empty DATA_DIR)',
      value: formatSeconds(first.healthyMs),
      target: `≤ ${TARGETS.firstStartMs / 1000} s`,
      pass: first.healthyMs <= TARGETS.firstStartMs,
    },
    {
      name: '  of which until postmaster.pid appeared',
      value: first.postgresUpMs === undefined ? 'n/a' : formatSeconds(first.postgresUpMs),
    },
    {
      name: `Warm start to healthy (median of ${warmRuns})`,
      value: formatSeconds(warmMedian),
      target: `≤ ${TARGETS.warmStartMs / 1000} s`,
      pass: warmMedian <= TARGETS.warmStartMs,
    },
    { name: '  runs', value: warmStartMs.map((ms) => formatSeconds(ms)).join(', ') },
    {
      name: `Idle RSS, server process (after ${idleMs / 1000} s)`,
      value: formatMb(serverRssMb),
      target: `≤ ${TARGETS.idleRssServerMb} MB`,
      pass: serverRssMb <= TARGETS.idleRssServerMb,
    },
    {
      name: `Idle RSS, embedded PostgreSQL (${postgres.count} processes)`,
      value: `${formatMb(kbToMb(postgres.rssKb))} (PSS ${formatMb(kbToMb(postgres.pssKb))})`,
    },
    {
      name: `Shutdown on SIGTERM (${shutdowns.length} stops)`,
      value: `${exitCodes.join(', ')}; ${leftovers} postgres left`,
      target: 'exit code 0, none left',
      pass: isCleanShutdown,
    },
    {
      name: '  SIGTERM to exit',
      value: shutdowns.map((stop) => `${Math.round(stop.ms)} ms`).join(', '),
    },
  ];
}

function toJson({ first, warmStartMs, serverRssKb, postgres, shutdowns }, rows, isPass) {
  const round1 = (value) => Math.round(value * 10) / 10;
  return {
    benchmark: 'startup',
    pass: isPass,
    environment: environment(),
    firstStartMs: Math.round(first.healthyMs),
    firstStartPostgresPidFileMs: first.postgresUpMs === undefined ? null : Math.round(first.postgresUpMs),
    warmStartMs: warmStartMs.map(Math.round),
    warmStartMedianMs: Math.round(median(warmStartMs)),
    idleRssServerMb: round1(kbToMb(serverRssKb)),
    idleRssPostgresMb: round1(kbToMb(postgres.rssKb)),
    idlePssPostgresMb: round1(kbToMb(postgres.pssKb)),
    postgresProcesses: postgres.count,
    shutdowns: shutdowns.map((stop) => ({
      ms: Math.round(stop.ms),
      exitCode: stop.code,
      signal: stop.signal,
      timedOut: stop.timedOut,
      leftoverPostgres: stop.leftoverPostgres,
    })),
    checks: checksOf(rows),
    targets: TARGETS,
  };
}

function environment() {
  return machineOf({ jobsEnabled: process.env.JOBS_ENABLED ?? 'default (true)' });
}

function describeEnvironment() {
  const env = environment();
  return `Supply Hub startup benchmark — node ${env.node}, ${env.platform}, ${env.cpus} CPUs, ${env.memoryGb} GB RAM, JOBS_ENABLED ${env.jobsEnabled}`;
}

/** SIGKILL the server's process group and any process still using the data directory. */
function killEverything(session) {
  if (session.server && !session.server.exit) killServerGroup(session.server);
  for (const { pid } of findProcessTree(session.dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

async function waitUntilGone(dataDir, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && findProcessTree(dataDir).length > 0) await sleep(100);
}

function removeDataDir(dataDir) {
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
