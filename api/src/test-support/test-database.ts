/**
 * Creates (or drops) the throwaway database of one test run. Run by jest's global setup and
 * teardown through tsx, because the migrations are TypeScript and jest's setup files are not.
 *
 *   prepare: prints {"url": ..., "adminUrl": ..., "embeddedDataDir": ...} on stdout
 *   drop <adminUrl> <name> [embeddedDataDir]
 *
 * The server is TEST_DATABASE_URL, else the PostgreSQL at 127.0.0.1:5432 when it answers,
 * else an embedded PostgreSQL under .test-data/.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

import { REPO_ROOT } from '../config.js';
import { createDb } from '../database/connection.js';
import { startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { migrateToLatest } from '../database/migrations.js';
import { createLogger } from '../logger.js';

const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function prepare(): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let embeddedDataDir: string | undefined;
  if (!adminUrl) {
    if (await isReachable(LOCAL_SERVER_URL)) adminUrl = LOCAL_SERVER_URL;
    else {
      embeddedDataDir = path.join(REPO_ROOT, '.test-data');
      const embedded = await startEmbeddedPostgres({
        dataDir: embeddedDataDir,
        log: createLogger('warn', process.stderr),
        owner: 'cli',
      });
      adminUrl = embedded.url.replace(/\/[^/]+$/, '/postgres');
    }
  }
  const name = `supply_hub_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  // The template stays untouched, so any test can clone a fresh, migrated database from it.
  const url = withDatabase(adminUrl, name);
  const templateUrl = withDatabase(adminUrl, `${name}_template`);
  await createMigratedDatabase(adminUrl, `${name}_template`);
  const admin2 = new pg.Client({ connectionString: adminUrl });
  await admin2.connect();
  await admin2.query(
    `CREATE DATABASE ${admin2.escapeIdentifier(name)} TEMPLATE ${admin2.escapeIdentifier(`${name}_template`)}`,
  );
  await admin2.end();
  process.stdout.write(
    JSON.stringify({ url, adminUrl, name, template: `${name}_template`, templateUrl, embeddedDataDir }),
  );
}

async function createMigratedDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const db = createDb(withDatabase(adminUrl, name));
  await migrateToLatest(db);
  await db.destroy();
}

/** Drops the run's database, its template and every database a test cloned from it. */
async function drop(adminUrl: string, name: string, embeddedDataDir?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const found = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${name}%`,
  ]);
  for (const { datname } of found.rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
  }
  await admin.end();
  if (embeddedDataDir) stopEmbedded(path.join(embeddedDataDir, 'pg'));
}

function stopEmbedded(pgDir: string): void {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0) process.kill(pid, 'SIGINT');
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const [command, ...args] = process.argv.slice(2);
if (command === 'prepare') await prepare();
else if (command === 'drop' && args[0] && args[1]) await drop(args[0], args[1], args[2]);
