// Process plumbing of the reports benchmark: the throwaway database (through the test-database
// script), the built server on it, the operators' CLI, and a signed-in HTTP client.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { SERVER_ENTRY } from './server-process.mjs';

const TEST_DATABASE_SCRIPT = 'api/src/test-support/test-database.ts';
// Adds `Server-Timing: request;dur=…` (the whole request on the server) next to the handler's own entry.
const REQUEST_TIMING_PRELOAD = './scripts/bench/reports-request-timing.mjs';
const CLI_ENTRY = 'api/dist/api/src/cli/main.js';
const OUTPUT_TAIL_LINES = 40;

/** Runs node with arguments from the repository root; resolves with stdout, rejects with stderr's tail. */
function runNode(repoRoot, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(
            `${args.slice(-3).join(' ')} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          ),
        );
    });
  });
}

/** A migrated database of its own on TEST_DATABASE_URL or 127.0.0.1:5432: { url, adminUrl, name }. */
export async function prepareDatabase(repoRoot) {
  const output = await runNode(repoRoot, ['--import', 'tsx', TEST_DATABASE_SCRIPT, 'prepare']);
  const info = JSON.parse(output);
  if (info.embeddedDataDir) {
    await dropDatabase(repoRoot, info);
    throw new Error(
      'no PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432 (this benchmark does not use the embedded one)',
    );
  }
  return info;
}

/** Drops the database, its template and anything cloned from it. */
export async function dropDatabase(repoRoot, info) {
  const args = ['--import', 'tsx', TEST_DATABASE_SCRIPT, 'drop', info.adminUrl, info.name];
  if (info.embeddedDataDir) args.push(info.embeddedDataDir);
  await runNode(repoRoot, args);
}

/** The environment of the server and the CLI: that database, no demo, no jobs, fresh secrets. */
export function serverEnvironment({ databaseUrl, port, dataDir }) {
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'PUBLIC_URL', 'STORAGE_DIR', 'SMTP_URL']) delete env[key];
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    JOBS_ENABLED: 'false',
    MFA_REQUIRED_FOR_ADMINS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
}

/**
 * Spawns the built server in its own process group, with the request-timing preload; the shape
 * server-process.mjs's helpers expect.
 */
export function startApiServer({ repoRoot, env }) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', REQUEST_TIMING_PRELOAD, SERVER_ENTRY], {
    cwd: repoRoot,
    env,
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
  const server = {
    child,
    pid: child.pid,
    port: Number(env.PORT),
    dataDir: env.DATA_DIR,
    startedAt,
    tail,
    exit: undefined,
  };
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

/** An approved account with one role (finance reads the reports; an admin approves level 1). */
export async function createBenchUser(repoRoot, env, role) {
  const email = `bench-${role}-${randomBytes(3).toString('hex')}@bench.supplyhub.test`;
  const password = `Bench-${randomBytes(9).toString('base64url')}`;
  await runNode(
    repoRoot,
    [
      CLI_ENTRY,
      'users:create',
      '--email',
      email,
      '--password',
      password,
      '--first-name',
      'Bench',
      '--last-name',
      role,
      '--role',
      role,
      '--approved',
    ],
    env,
  );
  return { email, password };
}

/** Signs in and returns a client whose calls carry the session cookie. */
export async function signIn(baseUrl, { email, password }) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return {
    /** POSTs JSON; resolves with the round trip and the server's own timing, body read in full. */
    async postJson(path, body) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      return { status: res.status, ms: performance.now() - started, ...serverTimings(res), json };
    },
    async getJson(path) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie } });
      const json = await res.json();
      return { status: res.status, ms: performance.now() - started, ...serverTimings(res), json };
    },
    /** POSTs and streams the answer away, counting bytes and lines without keeping them. */
    async download(path, body) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
      let bytes = 0;
      let newlines = 0;
      let lastByte;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
        lastByte = chunk.at(-1);
      }
      const lines = bytes === 0 ? 0 : newlines + (lastByte === 10 ? 0 : 1);
      return { status: res.status, ms: performance.now() - started, bytes, lines, headers: res.headers };
    },
  };
}

/** handlerMs: the reports handler's own `report` entry; requestMs: the whole request on the server. */
function serverTimings(response) {
  const header = response.headers.get('server-timing') ?? '';
  const entry = (name) => {
    const match = new RegExp(`(?:^|,\\s*)${name};dur=([\\d.]+)`).exec(header);
    return match ? Number(match[1]) : undefined;
  };
  return { handlerMs: entry('report'), requestMs: entry('request') };
}
