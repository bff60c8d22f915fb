import { readFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { REPO_ROOT } from '../../config.js';
import { createIsolatedDatabase, testConfig, testContext, writeTempFile } from '../../test-support/test-context.js';
import { auditCatalog, bootstrapCatalog, reseedCatalog } from './catalog.service.js';

describe('catalogue bootstrap, audit and reseed against PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let ctx: ReturnType<typeof testContext>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    ctx = testContext(database.db);
  });
  afterAll(() => database.drop());

  it('bootstraps 154 products on an empty database, and the audit reports a perfect match', async () => {
    const result = await bootstrapCatalog(ctx);
    expect(result).toMatchObject({ csv_count: 154, upserted_count: 154, inserted_count: 154, db_active_count: 154 });
    const audit = await auditCatalog(ctx);
    expect(audit).toMatchObject({
      csv_count: 154,
      db_active_count: 154,
      db_total_count: 154,
      status: 'perfect',
      missing_in_db: [],
      extra_in_db: [],
    });
    expect(audit.sample_products).toHaveLength(5);
    expect(audit.upserted_count).toBe(154);
  });

  it('changes nothing on a second run', async () => {
    const before = await database.db('products').max('updated_at as latest').first();
    const reconciliations = await database.db('catalog_reconciliations').count('* as n').first();
    const result = await bootstrapCatalog(ctx);
    expect(result).toMatchObject({ upserted_count: 0, reactivated_count: 0, deactivated_count: 0 });
    expect(await database.db('products').max('updated_at as latest').first()).toEqual(before);
    expect(await database.db('catalog_reconciliations').count('* as n').first()).toEqual(reconciliations);
  });

  it('reactivates CSV rows, deactivates extras and protects those on unfinished orders', async () => {
    const db = database.db;
    const deactivated = await db('products').orderBy('asin').first('asin');
    await db('products').where({ asin: deactivated.asin }).update({ active: false });
    await db('products').insert([
      { asin: 'manual-1700000000001', title: 'Hand-added gauze', vendor: 'manual' },
      { asin: 'manual-1700000000002', title: 'Hand-added tape on an order', vendor: 'manual' },
    ]);
    const [user] = await db('users').insert({ email: 'protect@test.supplyhub.test' }).returning('id');
    const [order] = await db('orders')
      .insert({ user_id: user.id, user_email: 'protect@test.supplyhub.test' })
      .returning('id');
    await db('order_items').insert({
      order_id: order.id,
      line_number: 1,
      asin: 'manual-1700000000002',
      title: 'Tape',
      quantity: 1,
      unit_price: 1,
      total_price: 1,
    });

    const audit = await auditCatalog(ctx);
    expect(audit.status).toBe('warning');
    expect(audit.missing_in_db).toEqual([deactivated.asin]);
    expect(audit.extra_in_db).toEqual(['manual-1700000000001', 'manual-1700000000002']);

    const result = await bootstrapCatalog(ctx);
    expect(result).toMatchObject({
      reactivated_count: 1,
      deactivated_count: 1,
      order_protected_count: 1,
      db_active_count: 155,
    });
    expect(await db('products').where({ asin: 'manual-1700000000001' }).first('active')).toEqual({ active: false });
    expect(await db('audit_events').where({ action: 'catalog.bootstrap' }).count('* as n').first()).toEqual({ n: 2 });
  });

  it('dry run reports the plan and writes nothing', async () => {
    await database.db('products').where({ asin: 'manual-1700000000001' }).update({ active: true });
    const result = await bootstrapCatalog(ctx, { dryRun: true });
    expect(result).toMatchObject({ dry_run: true, deactivated_count: 1 });
    expect(await database.db('products').where({ asin: 'manual-1700000000001' }).first('active')).toEqual({
      active: true,
    });
  });

  it('reseed corrects drifted titles and prices and nothing else', async () => {
    const [product] = await database
      .db('products')
      .whereNotNull('price')
      .orderBy('asin')
      .limit(1)
      .select('asin', 'title', 'price', 'description');
    await database
      .db('products')
      .where({ asin: product.asin })
      .update({ title: 'Drifted', price: 999.99, description: 'Edited by an admin' });
    const result = await reseedCatalog(ctx);
    expect(result.corrections).toEqual([{ asin: product.asin, title: product.title, price: product.price }]);
    expect(await database.db('products').where({ asin: product.asin }).first('title', 'price', 'description')).toEqual({
      title: product.title,
      price: product.price,
      description: 'Edited by an admin',
    });
    expect((await reseedCatalog(ctx)).corrected_count).toBe(0);
  });

  it('refuses a malformed CSV naming the line, and writes nothing', async () => {
    const good = readFileSync(path.join(REPO_ROOT, 'seeds', 'catalog.csv'), 'utf8').split('\n');
    good[5] = good[5]!.replace(/,(true|false),/, ',perhaps,');
    const file = writeTempFile('catalog.csv', good.join('\n'));
    const badCtx = testContext(database.db, { config: testConfig({ CATALOG_CSV_PATH: file }) });
    const before = await database.db('products').count('* as n').first();
    await expect(bootstrapCatalog(badCtx)).rejects.toThrow(/^line 6: in_stock/);
    expect(await database.db('products').count('* as n').first()).toEqual(before);
  });
});
