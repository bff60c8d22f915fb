import type { Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { supplierTestOrderResultSchema } from '../../contracts/settings.js';
import { closeTestApp, createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { freePort, runTs } from '../../test-support/processes.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

jest.setTimeout(120_000);

const SECRET = 'sandbox-secret-123';

/**
 * The supplier set-up as an IT person meets it: a URL outside SUPPLIER_ALLOWED_HOSTS is refused in
 * production mode (saved with a warning in test mode), health never says "configured" while a
 * setting cannot work, the To identity lives in the settings, and a test OrderRequest reaches the
 * sandbox supplier over real HTTP — from the API and from `npm run cli -- supplier:test`.
 */
describe('supplier settings: allowlist, health, identity and the test OrderRequest', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let server: Server;
  let baseUrl = '';
  let sandboxUrl = '';
  let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
  const env = () => ({
    PUBLIC_URL: baseUrl,
    SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${new URL(baseUrl).port}`,
    SUPPLIER_TIMEOUT_MS: '3000',
    SUPPLIER_IDENTITY: 'ENV-SUPPLIER',
  });

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    baseUrl = `http://127.0.0.1:${await freePort()}`;
    sandboxUrl = `${baseUrl}/sandbox/supplier/cxml`;
    app = createTestApp(database.db, { env: env() });
    server = app.listen(Number(new URL(baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    admin = (await signedInAgent(app, database.db, ['admin'])).agent;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await closeTestApp(app);
    await database.drop();
  });

  const save = (body: Record<string, unknown>) =>
    admin.put('/api/admin/settings/punchout').send({ identity: 'SUPPLYHUB-TEST', shared_secret: SECRET, ...body });

  it('health says not configured before anything is saved, and a test order says what is missing', async () => {
    const health = await admin.get('/api/health').expect(200);
    expect(health.body.supplier.status).toBe('not_configured');
    expect(health.body.supplier.problems).toContain('No order URL (punchout URL) is set: orders cannot be sent.');
    // Anyone can reach /api/health: the status, not what names hosts and missing secrets.
    const anonymous = await request(app).get('/api/health').expect(200);
    expect(anonymous.body.supplier).toEqual({ status: 'not_configured', problems: [] });
    const test = await admin.post('/api/admin/settings/punchout/test-order').expect(200);
    expect(test.body).toMatchObject({ ok: false, http_status: null });
    expect(test.body.error).toContain('Settings → Punchout');
  });

  it('refuses in production mode an order URL whose host is not allowed: 422 naming the host and the setting', async () => {
    const refused = await save({ punchout_url: 'https://supplier.example/cxml', test_mode: false }).expect(422);
    expect(refused.body.code).toBe('SUPPLIER_HOST_NOT_ALLOWED');
    expect(refused.body.message).toContain('supplier.example:443 is not in SUPPLIER_ALLOWED_HOSTS');
    expect(refused.body.message).toContain('order URL');
    expect(refused.body.message).toContain('production mode');
    expect(refused.body.errors.punchout_url).toContain('Change the order URL (punchout URL)');
    const shop = await save({
      punchout_url: sandboxUrl,
      shop_setup_url: 'https://shop.supplier.example/setup',
      test_mode: false,
    }).expect(422);
    expect(shop.body.errors).toEqual({ shop_setup_url: expect.stringContaining('PunchOut shopping URL host') });
    expect(await database.db('punchout_settings').where({ id: 1 }).first()).toBeUndefined();
  });

  it('saves it in test mode with the warning, and health says what is wrong instead of "configured"', async () => {
    const saved = await save({ punchout_url: 'https://supplier.example/cxml', test_mode: true }).expect(200);
    expect(saved.body.problems).toEqual([
      {
        field: 'punchout_url',
        message: expect.stringContaining('supplier.example:443 is not in SUPPLIER_ALLOWED_HOSTS'),
      },
    ]);
    const health = await admin.get('/api/health').expect(200);
    expect(health.body.supplier).toEqual({
      status: 'not_working',
      problems: [expect.stringContaining('supplier.example:443 is not in SUPPLIER_ALLOWED_HOSTS')],
    });
  });

  it('keeps the To identity in the settings, the environment only as the default', async () => {
    const before = await admin.get('/api/admin/settings/punchout').expect(200);
    expect(before.body).toMatchObject({ supplier_identity: 'ENV-SUPPLIER', supplier_identity_is_default: true });
    const saved = await save({ punchout_url: sandboxUrl, test_mode: false, supplier_identity: 'ACME-MEDICAL' }).expect(
      200,
    );
    expect(saved.body).toMatchObject({
      supplier_identity: 'ACME-MEDICAL',
      supplier_identity_is_default: false,
      problems: [],
    });
    const health = await request(app).get('/api/health').expect(200);
    expect(health.body.supplier).toEqual({ status: 'configured', problems: [] });
    // Left out, it stays; empty, it goes back to the environment's default.
    expect((await save({ punchout_url: sandboxUrl, test_mode: false }).expect(200)).body.supplier_identity).toBe(
      'ACME-MEDICAL',
    );
    const reset = await save({ punchout_url: sandboxUrl, test_mode: false, supplier_identity: '' }).expect(200);
    expect(reset.body).toMatchObject({ supplier_identity: 'ENV-SUPPLIER', supplier_identity_is_default: true });
  });

  it('sends a DTD-valid test OrderRequest to the sandbox supplier and shows its answer', async () => {
    await save({ punchout_url: sandboxUrl, test_mode: false, supplier_identity: 'ACME-MEDICAL' }).expect(200);
    const answer = await admin.post('/api/admin/settings/punchout/test-order').expect(200);
    const result = supplierTestOrderResultSchema.parse(answer.body);
    expect(result).toMatchObject({
      ok: true,
      target_url: sandboxUrl,
      deployment_mode: 'test',
      http_status: 200,
      cxml_status_code: 200,
      cxml_status_text: 'OK',
      error: null,
    });
    expect(result.order_id).toMatch(/^TEST-\d{14}$/);
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    const received = await database.db('sandbox_supplier_orders').where({ order_id: result.order_id }).first();
    expect(received).toMatchObject({ deployment_mode: 'test' });
    const log = await database.db('ab_logs').where({ payload_id: result.payload_id }).first();
    expect(log.request_xml).toContain('deploymentMode="test"');
    expect(log.request_xml).toContain('<Identity>ACME-MEDICAL</Identity>');
    expect(log.request_xml).not.toContain(SECRET);
    // No confirmation or ship notice is planned for a connection test.
    expect(await database.db('sandbox_supplier_documents').where({ order_payload_id: result.payload_id })).toEqual([]);
  });

  it('shows the supplier refusing it: HTTP 200 carrying cXML 400 is not accepted', async () => {
    await fetch(`${baseUrl}/sandbox/supplier/control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ failNext: 'cxml400' }),
    });
    const answer = await admin.post('/api/admin/settings/punchout/test-order').expect(200);
    expect(answer.body).toMatchObject({
      ok: false,
      http_status: 200,
      cxml_status_code: 400,
      cxml_status_text: 'Bad Request',
      cxml_message: 'Simulated rejection.',
    });
    expect(answer.body.error).toContain('cXML 400');
  });

  it('the CLI: settings:punchout refuses the same URL with the same message, supplier:test prints the answer', async () => {
    const cliEnv = { ...env(), DATABASE_URL: database.url, NODE_ENV: 'test', SETTINGS_ENCRYPTION_KEY: 'a'.repeat(64) };
    const refused = await runTs(
      'cli/main.ts',
      ['settings:punchout', '--url', 'https://other.example/cxml', '--identity', 'SUPPLYHUB-TEST', '--secret-stdin'],
      cliEnv,
      { input: SECRET },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('other.example:443 is not in SUPPLIER_ALLOWED_HOSTS');
    expect((await database.db('punchout_settings').where({ id: 1 }).first('punchout_url')).punchout_url).toBe(
      sandboxUrl,
    );
    const sent = await runTs('cli/main.ts', ['supplier:test'], cliEnv);
    expect([sent.code, sent.stderr]).toEqual([0, '']);
    expect(sent.stdout).toMatch(
      /^Test OrderRequest TEST-\d{14} to .*: HTTP 200, cXML 200 OK.*The supplier accepted it\.$/m,
    );
    const help = await runTs('cli/main.ts', ['settings:punchout', '--help'], cliEnv);
    expect(help.stdout).toContain('--test-url');
    expect(help.stdout).toContain('deploymentMode="test"');
  });

  it('is for administrators only', async () => {
    const { agent } = await signedInAgent(app, database.db, ['finance']);
    await agent.post('/api/admin/settings/punchout/test-order').expect(403);
  });
});
