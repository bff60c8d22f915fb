import http, { type Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { selfTestHint, selfTestResultSchema, type SelfTestResult } from '../../contracts/supplier.js';
import { encryptSecret } from '../../crypto/secret-box.js';
import { createTestApp, signedInAgent, closeTestApp } from '../../test-support/http-test-app.js';
import { freePort } from '../../test-support/processes.js';
import { createIsolatedDatabase } from '../../test-support/test-context.js';

const SUPPLIER_SECRET = 'the-supplier-knows-this-secret';
const IDENTITY = 'SUPPLYHUB-SELFTEST';
const TEST_KEY = 'a'.repeat(64);

/**
 * Two parties, as in production: the supplier (a portal instance on a database of its own, whose
 * sandbox supplier checks the secret it was given) and the portal under test, which sends the
 * self-test's ProfileRequest to it over HTTP. A third endpoint echoes whatever it receives.
 */
describe('POST /api/admin/integrations/self-test', () => {
  let supplierDatabase: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let portalDatabase: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let supplierServer: Server;
  let echoServer: Server;
  let portal: ReturnType<typeof createTestApp>;
  let supplier: ReturnType<typeof createTestApp>;
  let supplierUrl = '';
  let echoUrl = '';
  let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

  beforeAll(async () => {
    [supplierDatabase, portalDatabase] = await Promise.all([createIsolatedDatabase(), createIsolatedDatabase()]);
    const [supplierPort, echoPort] = [await freePort(), await freePort()];
    supplierUrl = `http://127.0.0.1:${supplierPort}/sandbox/supplier/cxml`;
    echoUrl = `http://127.0.0.1:${echoPort}/echo`;
    supplier = createTestApp(supplierDatabase.db, { env: { PUBLIC_URL: `http://127.0.0.1:${supplierPort}` } });
    supplierServer = supplier.listen(supplierPort, '127.0.0.1');
    // Answers cXML 200 repeating the secret it received: a supplier that echoes must not leak it to us.
    echoServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const echoed = /<SharedSecret>([^<]*)<\/SharedSecret>/.exec(body)?.[1] ?? 'none';
        res.writeHead(200, { 'Content-Type': 'text/xml', 'X-Echo': `secret=${echoed}` });
        res.end(
          `<cXML payloadID="e@x" timestamp="2026-01-01T00:00:00+00:00"><Response>` +
            `<Status code="200" text="OK">received secret=${echoed}</Status></Response></cXML>`,
        );
      });
    });
    echoServer.listen(echoPort, '127.0.0.1');
    await Promise.all([supplierServer, echoServer].map((server) => new Promise((r) => server.once('listening', r))));
    await supplierDatabase.db('punchout_settings').insert({
      id: 1,
      punchout_url: supplierUrl,
      identity: IDENTITY,
      shared_secret_encrypted: encryptSecret(SUPPLIER_SECRET, TEST_KEY),
      test_mode: true,
    });
    portal = createTestApp(portalDatabase.db, {
      env: { SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${supplierPort},127.0.0.1:${echoPort}`, SUPPLIER_TIMEOUT_MS: '3000' },
    });
    admin = (await signedInAgent(portal, portalDatabase.db, ['admin'])).agent;
  });
  afterAll(async () => {
    await Promise.all([supplierServer, echoServer].map((server) => new Promise((r) => server.close(r))));
    for (const app of [portal, supplier]) await closeTestApp(app);
    await Promise.all([supplierDatabase.drop(), portalDatabase.drop()]);
  });

  async function configure(settings: { url: string; secret: string; testUrl?: string }) {
    await admin
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: settings.url,
        test_punchout_url: settings.testUrl ?? '',
        identity: IDENTITY,
        shared_secret: settings.secret,
        test_mode: true,
      })
      .expect(200);
  }

  async function selfTest(): Promise<SelfTestResult> {
    const response = await admin.post('/api/admin/integrations/self-test').send({ test: true, useTestMode: true });
    expect(response.status).toBe(200);
    const result = selfTestResultSchema.parse(response.body);
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(result).sort());
    expect(JSON.stringify(response.body)).not.toContain(SUPPLIER_SECRET);
    return result;
  }

  const latestLog = () =>
    portalDatabase
      .db('ab_logs')
      .orderBy('created_at', 'desc')
      .first('action', 'status', 'http_status', 'test_mode', 'request_xml', 'response_body', 'order_id');

  it('answers without settings with a readable error and no HTTP status', async () => {
    const result = await selfTest();
    expect(result).toMatchObject({ success: false, httpStatus: null, error: expect.stringContaining('Settings') });
    expect(result.diagnostics.stage).toBe('config');
  });

  it('reaches the sandbox supplier with a ProfileRequest: success, hint Success, nothing ordered, one log row', async () => {
    await configure({ url: supplierUrl, secret: SUPPLIER_SECRET });
    const result = await selfTest();
    expect(result).toMatchObject({
      success: true,
      httpStatus: 200,
      status: 200,
      testMode: true,
      targetUrl: supplierUrl,
      error: null,
      diagnostics: { stage: 'done', request: 'ProfileRequest' },
    });
    expect(selfTestHint(result.httpStatus)).toBe('Success');
    expect(result.responsePreview).toContain('<ProfileResponse');
    expect(result.responseHeaders['content-type']).toMatch(/xml/);
    expect(await supplierDatabase.db('sandbox_supplier_orders').count('* as n').first()).toEqual({ n: 0 });
    const log = await latestLog();
    expect(log).toMatchObject({ action: 'SELF_TEST', status: 'success', http_status: 200, test_mode: true });
    expect(log.order_id).toBeNull();
    expect(log.request_xml).toContain('<ProfileRequest/>');
    expect(log.request_xml).toContain('deploymentMode="test"');
    expect(log.request_xml).not.toContain(SUPPLIER_SECRET);
  });

  it('with a wrong shared secret gets HTTP 401: Authentication Issue', async () => {
    await configure({ url: supplierUrl, secret: 'not-the-right-secret' });
    const result = await selfTest();
    expect(result).toMatchObject({ success: false, httpStatus: 401, status: 401 });
    expect(result.error).toContain('401');
    expect(selfTestHint(result.httpStatus)).toBe('Authentication Issue');
    expect(JSON.stringify(result)).not.toContain('not-the-right-secret');
    expect(await latestLog()).toMatchObject({ status: 'failed', http_status: 401 });
  });

  it('when the supplier fails gets HTTP 500: Server Error', async () => {
    await configure({ url: supplierUrl, secret: SUPPLIER_SECRET });
    await fetch(supplierUrl.replace('/cxml', '/control'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ failNext: 'http500' }),
    });
    const result = await selfTest();
    expect(result).toMatchObject({ success: false, httpStatus: 500, status: 500 });
    expect(selfTestHint(result.httpStatus)).toBe('Server Error');
    // The armed failure was used up: the next run succeeds again.
    expect((await selfTest()).success).toBe(true);
  });

  it('refuses a URL that is not allowed with a readable error, sending nothing', async () => {
    await configure({ url: supplierUrl, testUrl: 'http://127.0.0.1:9/cxml', secret: SUPPLIER_SECRET });
    const result = await selfTest();
    expect(result).toMatchObject({
      success: false,
      httpStatus: null,
      targetUrl: 'http://127.0.0.1:9/cxml',
      error: 'The punchout URL is not allowed: 127.0.0.1:9 is not in SUPPLIER_ALLOWED_HOSTS',
      diagnostics: { stage: 'send' },
    });
    expect(selfTestHint(result.httpStatus)).toBeNull();
  });

  it('keeps the secret out of the answer and the log when the supplier echoes the request', async () => {
    await configure({ url: echoUrl, secret: SUPPLIER_SECRET });
    const result = await selfTest();
    expect(result.success).toBe(true);
    expect(result.responsePreview).toContain('[redacted]');
    expect(result.responseHeaders['x-echo']).toContain('[redacted]');
    expect((await latestLog()).response_body).not.toContain(SUPPLIER_SECRET);
  });

  it('is for admins only', async () => {
    const { agent } = await signedInAgent(portal, portalDatabase.db, ['doctor']);
    await agent.post('/api/admin/integrations/self-test').send({}).expect(403);
    const { agent: superAdmin } = await signedInAgent(portal, portalDatabase.db, ['super_admin']);
    await superAdmin.post('/api/admin/integrations/self-test').send({}).expect(200);
  });
});
