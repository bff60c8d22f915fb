// Starts the built server as a child process, waits for /api/health, and stops it with SIGTERM.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const SERVER_ENTRY = 'api/dist/api/src/server.js';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const POLL_INTERVAL_MS = 100;
const OUTPUT_TAIL_LINES = 40;

/** A port the OS reports free right now on 127.0.0.1. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function serverEnv({ dataDir, port }) {
  const env = { ...process.env };
  // An inherited DATABASE_URL would bypass the embedded database this benchmark measures.
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'PUBLIC_URL', 'DATA_DIR', 'PORT', 'HOST']) delete env[key];
  return {
    ...env,
    // The allocator settings the documented start commands give the server (package.json, Dockerfile).
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    MALLOC_TRIM_THRESHOLD_: '131072',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
  };
}

/**
 * Spawns `node api/dist/api/src/server.js` from the repository root in its own process group, so
 * the server and its embedded PostgreSQL can be killed together if something goes wrong.
 */
export function startServer({ repoRoot, dataDir, port }) {
  const startedAt = performance.now();
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles") profiles the server under a benchmark.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: repoRoot,
    env: serverEnv({ dataDir, port }),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keepTail = (chunk) => {
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - OUTPUT_TAIL_LINES));
  };
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);

  const server = { child, pid: child.pid, port, dataDir, startedAt, tail, exit: undefined };
  server.exited = new Promise((resolve) => {
    child.once('error', (error) => {
      server.exit ??= { code: null, signal: null, error, at: performance.now() };
      resolve(server.exit);
    });
    child.once('exit', (code, signal) => {
      server.exit ??= { code, signal, at: performance.now() };
      resolve(server.exit);
    });
  });
  return server;
}

/** Status code of GET /api/health, or undefined when nothing answers yet. No keep-alive. */
function healthStatus(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(undefined));
  });
}

/**
 * Polls /api/health every 100 ms until it answers 200. Resolves with ms from spawn to that answer
 * and, as a milestone, ms until the embedded PostgreSQL wrote its postmaster.pid.
 */
export async function waitForHealthy(server, { timeoutMs }) {
  const pidFile = path.join(server.dataDir, 'pg', 'postmaster.pid');
  let postgresUpMs;
  for (;;) {
    const now = performance.now() - server.startedAt;
    if (postgresUpMs === undefined && existsSync(pidFile)) postgresUpMs = now;
    if (server.exit) throw new StartFailure(`the server exited (${describeExit(server.exit)}) before it was healthy`);
    if (now > timeoutMs) throw new StartFailure(`the server was not healthy within ${timeoutMs / 1000} s`);
    if ((await healthStatus(server.port)) === 200) {
      return { healthyMs: performance.now() - server.startedAt, postgresUpMs };
    }
    await Promise.race([sleep(POLL_INTERVAL_MS), server.exited]);
  }
}

/** SIGTERM to the server alone (not its group): the server must stop its PostgreSQL itself. */
export async function stopServer(server, { timeoutMs }) {
  const sentAt = performance.now();
  if (!server.exit) process.kill(server.pid, 'SIGTERM');
  // An unref'd timer: a pending timeout must not keep the benchmark alive after the server exits.
  const exit = await Promise.race([server.exited, sleep(timeoutMs, undefined, { ref: false })]);
  if (!exit) {
    killServerGroup(server);
    return { timedOut: true, ms: performance.now() - sentAt, code: null, signal: null };
  }
  return { timedOut: false, ms: Math.max(0, exit.at - sentAt), code: exit.code, signal: exit.signal };
}

export function killServerGroup(server) {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function describeExit(exit) {
  if (exit.error) return `spawn failed: ${exit.error.message}`;
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

export class StartFailure extends Error {}

/**
 * Runs `measure({ server, baseUrl, dataDir })` against a fresh built server on its own embedded
 * PostgreSQL with the demo data, then stops the server and removes its data folder, whatever
 * `measure` did. Resolves with what `measure` resolves with.
 *
 * With BENCH_DEMO_TEMPLATE (set by `npm run bench -- all`), the data folder starts as a copy of that
 * one — a demo server's, stopped right after its first start — so each benchmark pays a warm start
 * instead of initdb, the migrations and the demo data again. The demo data are as fresh either way.
 */
export async function withDemoServer(name, measure) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `supply-hub-bench-${name}-`));
  // The embedded PostgreSQL runs as another user when we are root: it must reach its folder.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const template = process.env.BENCH_DEMO_TEMPLATE;
  // cp -a keeps the owner and modes PostgreSQL insists on (its folder is the postgres user's when we are root).
  if (template) execFileSync('cp', ['-a', `${template}/.`, dataDir]);
  const port = await findFreePort();
  const server = startServer({ repoRoot: REPO_ROOT, dataDir, port });
  try {
    await waitForHealthy(server, { timeoutMs: 120_000 });
    return await measure({ server, baseUrl: `http://127.0.0.1:${port}`, dataDir });
  } finally {
    await stopServer(server, { timeoutMs: 30_000 }).catch(() => killServerGroup(server));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The connection URL of the embedded PostgreSQL a demo server runs under `dataDir`. */
export function embeddedDatabaseUrl(dataDir) {
  const { password } = JSON.parse(readFileSync(path.join(dataDir, 'embedded-postgres.json'), 'utf8'));
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/supply_hub`;
}

/**
 * A demo server's data folder after its first start (initdb, migrations, catalogue, demo data),
 * stopped cleanly: BENCH_DEMO_TEMPLATE for the benchmarks that follow. The caller removes it.
 */
export async function prepareDemoTemplate() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'supply-hub-bench-template-'));
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const server = startServer({ repoRoot: REPO_ROOT, dataDir, port: await findFreePort() });
  try {
    const { healthyMs } = await waitForHealthy(server, { timeoutMs: 180_000 });
    const stopped = await stopServer(server, { timeoutMs: 30_000 });
    if (stopped.timedOut || stopped.code !== 0) throw new Error(`the template server did not stop cleanly`);
    return { dataDir, healthyMs };
  } catch (error) {
    killServerGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
