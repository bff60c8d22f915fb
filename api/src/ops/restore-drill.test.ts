import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createDb, type Db } from '../database/connection.js';
import { readDemoData, seedDemoData } from '../modules/demo/demo.service.js';
import { createTestApp, closeTestApp } from '../test-support/http-test-app.js';
import { runNode } from '../test-support/processes.js';
import { createIsolatedDatabase, testContext } from '../test-support/test-context.js';

const SCRIPT = 'scripts/ops/restore-drill.mjs';
/** The script's exit code when no pg_dump/pg_restore of the server's version is installed. */
const NO_TOOLS = 3;

interface DrillReport {
  ok: boolean;
  target: string;
  problems: string[];
  tables: Record<string, { source: number | null; restored: number | null }>;
  migrations: { restored: number; known: number | null; pending: string[]; unknown: string[] };
  newest_order: { order_number: string; lines: number } | null;
}

/** Every row of a table, as one digest, so two databases can be compared table by table. */
async function tableDigest(db: Db, table: string): Promise<string> {
  const result = await db.raw<{ rows: { digest: string | null }[] }>(
    `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ?? t`,
    [table],
  );
  return result.rows[0]!.digest ?? '';
}

describe('restore drill (scripts/ops/restore-drill.mjs)', () => {
  let source: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let restored: Db | undefined;
  const targetName = () => `${new URL(source.url).pathname.slice(1)}_restored`;

  beforeAll(async () => {
    source = await createIsolatedDatabase();
    await seedDemoData(testContext(source.db));
  });
  afterAll(async () => {
    await restored?.destroy();
    // Named after the source, the restored copy would also go with the run's teardown.
    const admin = createDb(new URL('/postgres', source.url).toString(), { max: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS ?? WITH (FORCE)`, [targetName()]);
    await admin.destroy();
    await source.drop();
  });

  it('dumps a database with demo data, restores it into a fresh one, verifies it, and the copy serves the portal', async () => {
    const run = await runNode(SCRIPT, ['--source', source.url, '--target', targetName(), '--keep', '--json']);
    if (run.code === NO_TOOLS) {
      process.stderr.write(`restore drill not run on this machine: ${run.stderr}`);
      return;
    }
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(run.stdout) as DrillReport;
    expect(report).toMatchObject({ ok: true, problems: [], migrations: { pending: [], unknown: [] } });
    expect(report.migrations.restored).toBe(report.migrations.known);
    expect(report.tables.orders!.restored).toBeGreaterThan(10);
    expect(report.newest_order?.lines).toBeGreaterThan(0);

    // The restored data is the source's, table by table, row by row.
    restored = createDb(new URL(`/${targetName()}`, source.url).toString(), { max: 2 });
    const tables = Object.keys(report.tables);
    expect(tables).toEqual(expect.arrayContaining(['users', 'orders', 'order_items', 'products', 'knex_migrations']));
    const differing: string[] = [];
    for (const table of tables) {
      if ((await tableDigest(source.db, table)) !== (await tableDigest(restored, table))) differing.push(table);
    }
    expect(differing).toEqual([]);

    // And it works as the portal's database: a demo doctor signs in and reads an order.
    const app = createTestApp(restored);
    try {
      const demo = await readDemoData(testContext(source.db));
      const doctor = demo.users.find((user) => user.roles.includes('doctor'))!;
      const agent = request.agent(app);
      await agent.post('/api/auth/login').send({ email: doctor.email, password: demo.password }).expect(200);
      const list = await agent.get('/api/orders').expect(200);
      const orders = list.body.data as { id: string; order_number: string }[];
      expect(orders.length).toBeGreaterThan(0);
      const read = await agent.get(`/api/orders/${orders[0]!.id}`).expect(200);
      expect(read.body).toMatchObject({ id: orders[0]!.id, order_number: orders[0]!.order_number });
      expect(read.body.lines.length).toBeGreaterThan(0);
    } finally {
      await closeTestApp(app);
    }
  }, 60_000);

  it('fails, naming it, when the backup lacks a migration this checkout has', async () => {
    const newest = await source.db('knex_migrations').orderBy('name', 'desc').first('id', 'name');
    await source.db('knex_migrations').where({ id: newest.id }).delete();
    const run = await runNode(SCRIPT, ['--source', source.url, '--target', `${targetName()}_2`, '--json']);
    if (run.code === NO_TOOLS) return;
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as DrillReport;
    expect(report.ok).toBe(false);
    expect(report.migrations.pending).toEqual([newest.name]);
    expect(report.problems).toEqual([`migrations not applied in the restored database: ${newest.name}`]);
  }, 60_000);
});
