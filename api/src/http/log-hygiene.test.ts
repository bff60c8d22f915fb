import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createLogger } from '../logger.js';
import { addSsoProvider } from '../modules/sso/sso-providers.service.js';
import { insertProducts } from '../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, signedInAgent, signUpThroughMail } from '../test-support/http-test-app.js';
import { freePort } from '../test-support/processes.js';
import { createTestIdp, readAuthnRequest } from '../test-support/saml-test-idp.js';
import { createIsolatedDatabase, openSharedTestDb, testContext, uniqueEmail } from '../test-support/test-context.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

/** Every log line the app writes, at the most verbose level. */
function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('trace', sink), text: () => lines.join('') };
}

describe('secrets never reach the logs', () => {
  it('keeps passwords, session cookies and reset tokens out of every log line', async () => {
    const { log, text } = capturingLogger();
    const app = createTestApp(db, { env: { LOG_LEVEL: 'trace' }, log });
    const email = uniqueEmail('canary');
    const password = 'Canary-Password-9137';
    const agent = request.agent(app);
    const signup = await signUpThroughMail(agent, db, { first_name: 'Can', last_name: 'Ary', email, password });
    expect(signup.status).toBe(201);
    const cookie = String(([] as string[]).concat(signup.headers['set-cookie'] ?? [])[0] ?? '')
      .split(';')[0]!
      .split('=')[1]!;
    await request(app).post('/api/auth/login').send({ email, password: 'Wrong-Canary-Password' }).expect(401);
    await request(app).post('/api/auth/login').send({ email, password }).expect(200);
    await request(app).post('/api/auth/password-reset/request').send({ email }).expect(202);
    const mail = await db('email_outbox').where({ to_address: email, template: 'password-reset' }).first('text_body');
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? 'missing';
    await request(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Canary-Password-Next-42' })
      .expect(200);
    await request(app)
      .get('/api/auth/session?token=query-canary-123')
      .set('Authorization', 'Bearer header-canary-456')
      .expect(401);

    const logged = text();
    expect(logged.length).toBeGreaterThan(0);
    for (const canary of [
      password,
      'Wrong-Canary-Password',
      'Canary-Password-Next-42',
      decodeURIComponent(cookie),
      token,
      'query-canary-123',
      'header-canary-456',
    ]) {
      expect(logged).not.toContain(canary);
    }
  });
});

/** Everything the browser was sent: bodies and headers (a redirect's Location included). */
function answered(responses: request.Response[]): string {
  return responses.map((response) => `${response.text ?? ''} ${JSON.stringify(response.headers)}`).join('\n');
}

describe('integration secrets never reach the logs or the browser', () => {
  it('keeps a canary punchout shared secret out of every log line and every answer, through approvals', async () => {
    // A database of its own: the punchout settings are one row for the whole portal.
    const database = await createIsolatedDatabase();
    const { log, text } = capturingLogger();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const app = createTestApp(database.db, {
      env: {
        LOG_LEVEL: 'trace',
        PUBLIC_URL: baseUrl,
        SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${port}`,
        SUPPLIER_TIMEOUT_MS: '3000',
      },
      log,
    });
    const server: Server = app.listen(port, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const secret = `Canary-Shared-Secret-${randomBytes(8).toString('hex')}`;
    const strayCanary = `Canary-Stray-Secret-${randomBytes(8).toString('hex')}`;
    try {
      const { agent: admin } = await signedInAgent(app, database.db, ['admin']);
      const responses: request.Response[] = [];
      const saved = await admin.put('/api/admin/settings/punchout').send({
        punchout_url: `${baseUrl}/sandbox/supplier/cxml`,
        identity: 'SUPPLYHUB-CANARY',
        shared_secret: secret,
        test_mode: true,
      });
      expect(saved.status).toBe(200);
      const shown = await admin.get('/api/admin/settings/punchout').expect(200);
      expect(shown.body.shared_secret_masked).toBe('••••••••');
      responses.push(saved, shown);

      const [product] = await insertProducts(database.db, [{ title: 'Canary gauze', price: '4.00' }]);
      const { agent: doctor } = await signedInAgent(app, database.db, ['doctor']);
      await doctor
        .put('/api/me/shipping-address')
        .send({ full_name: 'Dr. Canary', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
        .expect(200);
      // One accepted order, one the sandbox fails (quantity 9001: HTTP 500), retried.
      const orders: { id: string }[] = [];
      for (const quantity of [2, 9001]) {
        const created = await doctor
          .post('/api/orders')
          .set('Idempotency-Key', `canary-${randomUUID()}`)
          .send({ lines: [{ asin: product!.asin, quantity }] })
          .expect(201);
        orders.push(created.body as { id: string });
      }
      const accepted = await admin.post(`/api/admin/orders/${orders[0]!.id}/approve`);
      // The sandbox checks the secret: an accepted order proves the canary really travelled.
      expect(accepted.status).toBe(200);
      expect(accepted.body.order.status).toBe('submitted');
      const failed = await admin.post(`/api/admin/orders/${orders[1]!.id}/approve`);
      expect(failed.body.order?.status).toBe('failed');
      const retried = await admin.post(`/api/admin/orders/${orders[1]!.id}/retry`);
      responses.push(accepted, failed, retried);
      for (const path of ['/api/admin/ab-logs', `/api/admin/orders/${orders[0]!.id}`, '/api/admin/audit-events']) {
        responses.push(await admin.get(path).expect(200));
      }
      // A stranger's OrderRequest with a wrong secret, straight to the sandbox: refused, and not logged either.
      const stray = await request(app)
        .post('/sandbox/supplier/cxml')
        .set('Content-Type', 'text/xml')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?><cXML payloadID="stray@canary" timestamp="2026-01-01T00:00:00Z">` +
            `<Header><From><Credential domain="NetworkID"><Identity>SUPPLYHUB-CANARY</Identity></Credential></From>` +
            `<To><Credential domain="NetworkID"><Identity>Amazon</Identity></Credential></To>` +
            `<Sender><Credential domain="NetworkID"><Identity>SUPPLYHUB-CANARY</Identity>` +
            `<SharedSecret>${strayCanary}</SharedSecret></Credential><UserAgent>canary</UserAgent></Sender>` +
            `</Header><Request><OrderRequest/></Request></cXML>`,
        );
      expect(stray.status).toBeGreaterThanOrEqual(400);

      const logged = text();
      expect(logged).toContain('supplier submission finished');
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(strayCanary);
      expect(answered(responses)).not.toContain(secret);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await closeTestApp(app);
      await database.drop();
    }
  });

  it('keeps posted SAML responses out of every log line and every answer, accepted or refused', async () => {
    const publicUrl = 'http://127.0.0.1:3000';
    const { log, text } = capturingLogger();
    const app = createTestApp(db, { env: { LOG_LEVEL: 'trace', PUBLIC_URL: publicUrl }, log });
    const idp = createTestIdp();
    const providerId = `saml-canary-${randomBytes(4).toString('hex')}`;
    await addSsoProvider(testContext(db), {
      id: providerId,
      entityId: idp.entityId,
      domains: [`${providerId}.example`],
      entryPoint: idp.entryPoint,
      certificatePem: idp.certificatePem,
    });
    const base = `/api/auth/saml/${providerId}`;
    const attributeCanary = `SamlCanary${randomBytes(8).toString('hex')}`;
    const canaries: string[] = [attributeCanary];
    const responses: request.Response[] = [];
    try {
      const post = async (alter: boolean) => {
        const agent = request.agent(app);
        const start = await agent.get(`${base}/start`).expect(302);
        const { id } = readAuthnRequest(start.headers.location as string);
        const email = uniqueEmail('saml-canary');
        const xml = idp.buildResponseXml({
          acsUrl: `${publicUrl}${base}/acs`,
          audience: `${publicUrl}${base}/metadata`,
          inResponseTo: id,
          nameId: email,
          attributes: { email, givenName: 'Can', sn: 'Surname-Ary', employeeSecret: attributeCanary },
          ...(alter ? { alterAfterSigning: { from: 'Surname-Ary', to: 'Surname-Eve' } } : {}),
        });
        const encoded = Buffer.from(xml, 'utf8').toString('base64');
        const signature = /<(?:ds:)?SignatureValue>([^<]+)</.exec(xml)?.[1] ?? 'missing-signature';
        canaries.push(encoded, encoded.slice(200, 280), signature.replace(/\s/g, '').slice(0, 60));
        const answer = await agent.post(`${base}/acs`).type('form').send({ SAMLResponse: encoded });
        expect(answer.status).toBe(302);
        responses.push(answer);
        return { agent, answer };
      };
      const signedIn = await post(false);
      expect(signedIn.answer.headers.location).toBe('/auth/callback');
      responses.push(await signedIn.agent.get('/api/auth/session').expect(200));
      const refused = await post(true);
      expect(refused.answer.headers.location).toMatch(/error=saml_signature/);
      // Not even a response that is not XML at all.
      const garbage = Buffer.from(`<not-saml>${attributeCanary}</not-saml>`).toString('base64');
      canaries.push(garbage);
      responses.push(await request(app).post(`${base}/acs`).type('form').send({ SAMLResponse: garbage }));

      const logged = text();
      expect(logged).toContain('SAML sign-in refused');
      for (const canary of canaries) expect(logged).not.toContain(canary);
      const browser = answered(responses);
      for (const canary of canaries) expect(browser).not.toContain(canary);
    } finally {
      await closeTestApp(app);
    }
  });
});
