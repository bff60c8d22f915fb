import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';

import { MIGRATIONS } from '../../../../migrations/index.js';
import { createDb, type Db } from '../../database/connection.js';
import { createTestApp } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

/** An empty database on the test server, as a replica sees it before anyone ran the migrations. */
async function createEmptyDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const { adminUrl } = JSON.parse(process.env.SUPPLY_HUB_TEST_DATABASE ?? '{}') as { adminUrl: string };
  const name = `supply_hub_test_empty_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const empty = createDb(url.toString(), { max: 2 });
  return {
    db: empty,
    async drop() {
      await empty.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${cleanup.escapeIdentifier(name)} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe('GET /api/health/live', () => {
  it('answers 200 while the process runs, even with the database unreachable', async () => {
    const deadDb = createDb('postgres://postgres@127.0.0.1:1/nowhere', { max: 1 });
    const response = await request(createTestApp(deadDb)).get('/api/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok', version: expect.any(String), uptime_s: expect.any(Number) });
    expect(response.headers['cache-control']).toBe('no-store');
    await deadDb.destroy();
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const response = await request(createTestApp(db)).get('/api/health/ready').expect(200);
    expect(response.body).toEqual({ status: 'ready', db: 'ok', migrations: 'applied', pending_migrations: [] });
  });

  it('answers 503 when the database is unreachable', async () => {
    const deadDb = createDb('postgres://postgres@127.0.0.1:1/nowhere', { max: 1 });
    const response = await request(createTestApp(deadDb)).get('/api/health/ready').expect(503);
    expect(response.body).toMatchObject({ status: 'not_ready', db: 'unreachable' });
    await deadDb.destroy();
  });

  describe('on a fresh database nobody migrated', () => {
    let empty: Awaited<ReturnType<typeof createEmptyDatabase>>;
    beforeAll(async () => {
      empty = await createEmptyDatabase();
    });
    afterAll(() => empty.drop());

    it('answers 503 listing every migration as pending, and creates nothing in the database', async () => {
      const response = await request(createTestApp(empty.db)).get('/api/health/ready').expect(503);
      expect(response.body).toEqual({
        status: 'not_ready',
        db: 'ok',
        migrations: 'pending',
        pending_migrations: MIGRATIONS.map((migration) => migration.name),
      });
      expect(await empty.db.schema.hasTable('knex_migrations')).toBe(false);
      // Liveness does not depend on it: the process is up, only not ready.
      await request(createTestApp(empty.db)).get('/api/health/live').expect(200);
    });
  });

  describe('on a database one migration behind this build', () => {
    let behind: Awaited<ReturnType<typeof createIsolatedDatabase>>;
    beforeAll(async () => {
      behind = await createIsolatedDatabase();
    });
    afterAll(() => behind.drop());

    it('answers 503 naming the missing migration, and 200 again once it is recorded', async () => {
      const last = MIGRATIONS[MIGRATIONS.length - 1]!.name;
      const row = await behind.db('knex_migrations').where({ name: last }).first();
      await behind.db('knex_migrations').where({ name: last }).delete();
      const app = createTestApp(behind.db);
      const response = await request(app).get('/api/health/ready').expect(503);
      expect(response.body).toMatchObject({ status: 'not_ready', db: 'ok', pending_migrations: [last] });
      await behind.db('knex_migrations').insert(row);
      await request(app).get('/api/health/ready').expect(200);
    });
  });
});
