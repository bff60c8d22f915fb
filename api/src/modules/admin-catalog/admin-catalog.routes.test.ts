import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

describe('catalogue audit, bootstrap and export (admin)', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
  });
  afterAll(() => database.drop());

  it('reports a mismatch, bootstraps once, then skips with the spec’s message', async () => {
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    const before = await agent.get('/api/admin/catalog/audit').expect(200);
    expect(before.body).toMatchObject({ csv_count: 154, db_active_count: 0, status: 'warning' });
    expect(before.body.missing_in_db).toHaveLength(154);
    const first = await agent.post('/api/admin/catalog/bootstrap').expect(200);
    expect(first.body).toMatchObject({
      status: 'success',
      upserted_count: 154,
      audit: { db_active_count: 154, status: 'perfect' },
    });
    const second = await agent.post('/api/admin/catalog/bootstrap').expect(200);
    expect(second.body).toMatchObject({ status: 'skipped', message: 'Catalog already initialized.' });
  });

  it('exports the active catalogue as active-catalog-{date}.csv', async () => {
    const { agent } = await signedInAgent(app, database.db, ['super_admin']);
    const csv = await agent.get('/api/admin/catalog/export').expect(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="active-catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('"asin","sku","title","price","amazon_url"');
    expect(lines).toHaveLength(155);
    const { agent: finance } = await signedInAgent(app, database.db, ['finance']);
    await finance.get('/api/admin/catalog/export').expect(403);
  });
});
