import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it, jest } from '@jest/globals';

import { REPO_ROOT } from '../config.js';
import type { Db } from '../database/connection.js';
import { runCli, useCliDatabase } from '../test-support/cli-database.js';
import { writeTempFile } from '../test-support/test-context.js';

// Each test spawns several CLI processes (~10 s each on a loaded 2-core machine).
jest.setTimeout(180_000);

describe('the operators’ CLI against PostgreSQL', () => {
  const database = useCliDatabase();

  it('bootstraps the catalogue; the audit then reports 154 perfect; a second bootstrap changes nothing', async () => {
    const first = await runCli(['catalog:bootstrap', '--json'], database.env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ upserted_count: 154, db_active_count: 154 });
    const audit = await runCli(['catalog:audit', '--json'], database.env);
    expect(JSON.parse(audit.stdout)).toMatchObject({ csv_count: 154, db_active_count: 154, status: 'perfect' });
    const second = await runCli(['catalog:bootstrap', '--json'], database.env);
    expect(JSON.parse(second.stdout)).toMatchObject({ upserted_count: 0, reactivated_count: 0, deactivated_count: 0 });
  });

  it('creates, approves and re-roles a user through the same services as the API', async () => {
    const created = await runCli(
      [
        'users:create',
        '--email',
        'cli.nurse@test.supplyhub.test',
        '--password-stdin',
        '--first-name',
        'Cli',
        '--last-name',
        'Nurse',
        '--role',
        'nurse',
        '--role',
        'provider',
        '--json',
      ],
      database.env,
      'Lantern-quartz-harbor-58\n',
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ roles: ['nurse', 'provider'], onboarding_approved: false });
    expect(created.stdout + created.stderr).not.toContain('Lantern-quartz-harbor-58');
    expect(
      (await runCli(['users:approve', '--email', 'cli.nurse@test.supplyhub.test'], database.env)).stdout,
    ).toContain('is approved');
    expect(
      (await runCli(['users:revoke-role', '--email', 'cli.nurse@test.supplyhub.test', '--role', 'nurse'], database.env))
        .stdout,
    ).toContain('roles now provider');
    const actions = await database
      .db('audit_events')
      .where('actor_label', 'like', 'cli:%')
      .where('action', 'like', 'user.%')
      .pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['user.create', 'user.approve', 'user.role.revoke']));
  });

  it('exports the active catalogue with the spec’s columns', async () => {
    const result = await runCli(['catalog:export', '--stdout'], database.env);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('"asin","sku","title","price","amazon_url"');
    expect(lines).toHaveLength(155);
  });

  it('answers bad input with one clear line and a non-zero exit code, writing nothing', async () => {
    const unknownFlag = await runCli(['catalog:audit', '--colour'], database.env);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toMatch(/unknown option '--colour'/);

    const badRole = await runCli(
      ['users:grant-role', '--email', 'x@test.supplyhub.test', '--role', 'wizard'],
      database.env,
    );
    expect(badRole.code).toBe(2);

    const missingUser = await runCli(['users:approve', '--email', 'nobody@test.supplyhub.test'], database.env);
    expect(missingUser.code).toBe(1);
    expect(missingUser.stderr.trim()).toBe('supply-hub: No account with the e-mail nobody@test.supplyhub.test');

    const lines = readFileSync(path.join(REPO_ROOT, 'seeds', 'catalog.csv'), 'utf8').split('\n');
    lines[10] = lines[10]!.replace(/^B0[A-Z0-9]{8}/, 'b0lowercase');
    const before = await database.db('products').max('updated_at as latest').first();
    const malformed = await runCli(['catalog:bootstrap'], {
      ...database.env,
      CATALOG_CSV_PATH: writeTempFile('catalog.csv', lines.join('\n')),
    });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr.trim()).toMatch(/^supply-hub: line 11: asin must be an ASIN/);
    expect(await database.db('products').max('updated_at as latest').first()).toEqual(before);

    const unreachable = await runCli(['catalog:audit'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      NODE_ENV: 'test',
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.stderr).toMatch(/^supply-hub: Cannot reach the database at 127.0.0.1:1\/none/);
  });

  it('saves punchout settings without ever printing the secret', async () => {
    const result = await runCli(
      [
        'settings:punchout',
        '--url',
        'https://supplier.example/cxml',
        '--identity',
        'HOSP-1',
        '--secret-stdin',
        '--test-mode',
        '--json',
      ],
      database.env,
      'cli-secret-987\n',
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      punchout_url: 'https://supplier.example/cxml',
      identity: 'HOSP-1',
      test_mode: true,
      shared_secret_masked: '••••••••',
    });
    expect(result.stdout + result.stderr).not.toContain('cli-secret-987');
    const bad = await runCli(
      ['settings:punchout', '--url', 'not a url', '--identity', 'x', '--secret-stdin'],
      database.env,
      'y\n',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^supply-hub: punchout_url The punchout URL must be a valid URL/);
  });

  it('rebuilds the budget check’s committed totals, correcting an order whose kept cost drifted', async () => {
    const db = database.db;
    const [department] = await db('departments')
      .insert({ code: 'CLI-REBUILD', name: 'CLI rebuild' })
      .returning<{ id: string }[]>('id');
    const [user] = await db('users')
      .insert({ email: 'cli-rebuild@test.supplyhub.test' })
      .returning<{ id: string }[]>('id');
    const [order] = await db('orders')
      .insert({
        user_id: user!.id,
        user_email: 'cli-rebuild@test.supplyhub.test',
        total_amount: '42.00',
        department_id: department!.id,
      })
      .returning<{ id: string }[]>('id');
    await db.raw('ALTER TABLE orders DISABLE TRIGGER budget_committed_cost');
    try {
      await db('orders').where({ id: order!.id }).update({ budget_committed: '0.00' });
    } finally {
      await db.raw('ALTER TABLE orders ENABLE TRIGGER budget_committed_cost');
    }
    const rebuilt = await runCli(['budgets:rebuild', '--json'], database.env);
    expect(rebuilt.code).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ orders_corrected: 1, hour_rows: 1 });
    expect(await db('department_committed_hours').where({ department_id: department!.id }).pluck('committed')).toEqual([
      '42.00',
    ]);
  });

  it("rebuilds the orders' kept fulfilment, correcting an order whose kept status drifted", async () => {
    const db = database.db;
    const [user] = await db('users')
      .insert({ email: 'cli-fulfilment@test.supplyhub.test' })
      .returning<{ id: string }[]>('id');
    const [order] = await db('orders')
      .insert({
        user_id: user!.id,
        user_email: 'cli-fulfilment@test.supplyhub.test',
        total_amount: '12.00',
        status: 'submitted',
      })
      .returning<{ id: string }[]>('id');
    // Sent and not answered yet: the trigger kept it as awaiting confirmation.
    expect(await db('orders').where({ id: order!.id }).first('fulfilment_status')).toEqual({
      fulfilment_status: 'awaiting_confirmation',
    });
    await db('orders').where({ id: order!.id }).update({ fulfilment_status: 'received' });
    const rebuilt = await runCli(['fulfilment:rebuild', '--json'], database.env);
    expect(rebuilt.code).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ orders_corrected: 1 });
    expect(await db('orders').where({ id: order!.id }).first('fulfilment_status')).toEqual({
      fulfilment_status: 'awaiting_confirmation',
    });
  });

  it('rebuilds every kept total in one command after a load that bypassed the triggers', async () => {
    const db = database.db;
    const email = 'cli-totals@test.supplyhub.test';
    const [department] = await db('departments')
      .insert({ code: 'CLI-TOTALS', name: 'CLI totals' })
      .returning<{ id: string }[]>('id');
    const [user] = await db('users').insert({ email }).returning<{ id: string }[]>('id');
    const [order] = await db('orders')
      .insert({
        user_id: user!.id,
        user_email: email,
        total_amount: '25.00',
        status: 'submitted',
        department_id: department!.id,
        delivery_location: 'CLI-TOTALS',
      })
      .returning<{ id: string; created_at: Date }[]>(['id', 'created_at']);
    const keptBefore = await keptTotalsOf(db, order!.id, department!.id);
    // Each kept total has something to drift: the order's day in the rollups, its hour, its count.
    expect(Number(keptBefore.days!.n)).toBeGreaterThan(0);
    expect(keptBefore.hours).toEqual(['25.00']);
    // What a load with the triggers off leaves: every kept total disagrees with the orders.
    await db.transaction(async (trx) => {
      await trx.raw("SET LOCAL session_replication_role = 'replica'");
      await trx('orders').where({ id: order!.id }).update({ budget_committed: '0.00', fulfilment_status: 'received' });
      await trx('order_counts').insert({ status: 'submitted', delivery_location: 'CLI-TOTALS', shard: 99, orders: 7 });
      await trx('department_committed_hours').where({ department_id: department!.id }).update({ committed: '999.00' });
      await trx('report_daily_orders').update({ order_count: trx.raw('order_count + 1000') });
    });
    expect(await keptTotalsOf(db, order!.id, department!.id)).not.toEqual(keptBefore);

    const human = await runCli(['totals:rebuild'], database.env);
    expect(human.code).toBe(0);
    expect(human.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Budget committed totals rebuilt in \d+ ms: 1 orders corrected, \d+ department × hour rows\.$/,
      ),
      expect.stringMatching(
        /^Report rollups rebuilt in \d+ ms: \d+ day × state rows, \d+ day × product rows; \d+ orders counted\.$/,
      ),
      expect.stringMatching(/^Order fulfilment rebuilt in \d+ ms: 1 orders corrected\.$/),
    ]);
    expect(await keptTotalsOf(db, order!.id, department!.id)).toEqual(keptBefore);

    const again = await runCli(['totals:rebuild', '--json'], database.env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      budgets: { orders_corrected: 0 },
      reports: { orders_counted: expect.any(Number) },
      fulfilment: { orders_corrected: 0 },
    });
  });

  it('rebuilds the kept fulfilment batch after batch: every drifted order is corrected, none twice', async () => {
    const db = database.db;
    const [user] = await db('users')
      .insert({ email: 'cli-fulfilment-batches@test.supplyhub.test' })
      .returning<{ id: string }[]>('id');
    const orders = await db('orders')
      .insert(
        Array.from({ length: 5 }, () => ({
          user_id: user!.id,
          user_email: 'cli-fulfilment-batches@test.supplyhub.test',
          total_amount: '3.00',
          status: 'submitted',
        })),
      )
      .returning<{ id: string }[]>('id');
    const ids = orders.map((order) => order.id);
    await db('orders').whereIn('id', ids).update({ fulfilment_status: 'received' });
    // Batches of two: the five drifted orders lie in three of them, among the other tests' orders.
    const { rows } = await db.raw<{ rows: { corrected: number }[] }>('SELECT order_fulfilment_rebuild(2) AS corrected');
    expect(rows[0]!.corrected).toBe(5);
    expect(await db('orders').whereIn('id', ids).pluck('fulfilment_status')).toEqual(
      ids.map(() => 'awaiting_confirmation'),
    );
  });

  it('a rebuild leaves an order its trigger refreshed while the rebuild ran (compare-and-set)', async () => {
    const db = database.db;
    const email = `cli-fulfilment-race-${Date.now()}@test.supplyhub.test`;
    const [user] = await db('users').insert({ email }).returning<{ id: string }[]>('id');
    const [order] = await db('orders')
      .insert({
        user_id: user!.id,
        user_email: email,
        total_amount: '4.00',
        status: 'submitted',
      })
      .returning<{ id: string }[]>('id');
    await db('orders').where({ id: order!.id }).update({ fulfilment_status: 'received' });
    // The order's row is held while the rebuild reaches it; meanwhile "a trigger" writes a newer status.
    const holder = await db.transaction();
    await holder('orders').where({ id: order!.id }).forUpdate().first('id');
    const rebuild = db.raw<{ rows: { corrected: number }[] }>('SELECT order_fulfilment_rebuild() AS corrected');
    const rebuilding = rebuild.then((result) => result.rows[0]!.corrected);
    for (let waited = 0; waited < 100; waited += 1) {
      const { rows } = await db.raw<{ rows: { waiting: number }[] }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE query LIKE 'SELECT order_fulfilment_rebuild()%' AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await holder('orders').where({ id: order!.id }).update({ fulfilment_status: 'shipped' });
    await holder.commit();
    await rebuilding;
    expect(await db('orders').where({ id: order!.id }).first('fulfilment_status')).toEqual({
      fulfilment_status: 'shipped',
    });
  });

  it('lists and runs jobs', async () => {
    const listed = JSON.parse((await runCli(['jobs:list', '--json'], database.env)).stdout) as { name: string }[];
    expect(listed.map((job) => job.name)).toEqual([
      'catalog-bootstrap',
      'catalog-reseed',
      'expired-session-cleanup',
      'supplier-recovery',
      'mail-outbox',
      'history-retention',
      'sandbox-supplier-documents',
      'invoice-status-updates',
      'standing-orders',
      'expiry-digest',
    ]);
    const run = await runCli(['jobs:run', 'catalog-reseed', '--json'], database.env);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'success', counts: { corrected_count: 0 } });
    const unknown = await runCli(['jobs:run', 'make-coffee'], database.env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown job 'make-coffee'");
  });
});

/** What the triggers keep for one order and its department, as the screens read it. */
async function keptTotalsOf(db: Db, orderId: string, departmentId: string) {
  return {
    order: await db('orders').where({ id: orderId }).first('budget_committed', 'fulfilment_status'),
    hours: await db('department_committed_hours').where({ department_id: departmentId }).pluck('committed'),
    counts: await db('order_counts').where({ delivery_location: 'CLI-TOTALS' }).sum('orders as n').first(),
    days: await db('report_daily_orders').sum('order_count as n').first(),
  };
}
