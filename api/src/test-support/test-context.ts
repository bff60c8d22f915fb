import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { loadConfig, type AppConfig } from '../config.js';
import type { Actor, ServiceContext } from '../context.js';
import { createDb, type Db } from '../database/connection.js';
import { createLogger } from '../logger.js';

interface TestDatabaseInfo {
  url: string;
  adminUrl: string;
  name: string;
  template: string;
}

function testDatabaseInfo(): TestDatabaseInfo {
  const raw = process.env.SUPPLY_HUB_TEST_DATABASE;
  if (!raw) throw new Error('run the tests through `npm run test:jest` so the global setup creates the test database');
  return JSON.parse(raw) as TestDatabaseInfo;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseInfo().url,
    DATA_DIR: '.test-data',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    SETTINGS_ENCRYPTION_KEY: 'a'.repeat(64),
    JOBS_ENABLED: 'false',
    MFA_REQUIRED_FOR_ADMINS: 'false',
    // Every test request comes from 127.0.0.1: per-address limits are tested with their own addresses.
    RATE_LIMIT_ADDRESS_FACTOR: '100',
    ...overrides,
  });
}

export const silentLog = createLogger('silent');

/**
 * The run's shared database: tests that use it make their own rows and never count whole tables.
 * `applicationName` marks the pool's connections (pg_stat_activity), as a test that plays a second
 * instance of the server needs to find its own.
 */
export function openSharedTestDb(applicationName?: string): Db {
  return createDb(testDatabaseInfo().url, { max: 5 }, undefined, applicationName);
}

/** A fresh, migrated database of its own, for tests that reconcile or count whole tables. */
export async function createIsolatedDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const info = testDatabaseInfo();
  const name = `${info.name}_iso_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(info.template)}`,
  );
  await admin.end();
  const url = new URL(info.adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 5 });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: info.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${cleanup.escapeIdentifier(name)} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * What a derived table would hold if `rebuildSql` recomputed it from scratch, read by `read` in a
 * transaction that is rolled back: the table as kept is left untouched, to be compared with it.
 */
export async function readRebuilt<T>(db: Db, rebuildSql: string, read: (trx: Db) => Promise<T>): Promise<T> {
  const trx = await db.transaction();
  try {
    await trx.raw(rebuildSql);
    return await read(trx);
  } finally {
    await trx.rollback();
  }
}

export function testContext(db: Db, overrides: Partial<ServiceContext> = {}): ServiceContext {
  const actor: Actor = { kind: 'cli', label: 'cli:test' };
  return { db, config: testConfig(), log: silentLog, now: () => new Date(), actor, ...overrides };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@test.supplyhub.test`;
}

/** Writes text to a file in a fresh temporary folder and returns its path. */
export function writeTempFile(name: string, content: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-test-'));
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
