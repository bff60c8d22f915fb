import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { closeTestApp, createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createTestIdp, generateTestIdpKeys, testIdpKeys } from '../../test-support/saml-test-idp.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const db = openSharedTestDb();
const app = createTestApp(db, { env: { PUBLIC_URL } });
type Agent = ReturnType<typeof request.agent>;
let admin: Agent;
let adminId = '';
let nurse: Agent;

/** The IdP's metadata and other answers, served on a local port as an IdP's web server would. */
const served = new Map<string, { status?: number; body: string; location?: string }>();
const metadataServer = http.createServer((req, res) => {
  const answer = served.get(req.url ?? '');
  res.writeHead(answer?.status ?? (answer ? 200 : 404), {
    'Content-Type': 'application/samlmetadata+xml',
    ...(answer?.location ? { Location: answer.location } : {}),
  });
  res.end(answer?.body ?? 'not found');
});
let serverBase = '';

beforeAll(async () => {
  ({
    agent: admin,
    user: { id: adminId },
  } = await signedInAgent(app, db, ['admin']));
  ({ agent: nurse } = await signedInAgent(app, db, ['nurse']));
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  serverBase = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => metadataServer.close(resolve));
  await closeTestApp(app);
  await db.destroy();
});

function uniqueProviderId(prefix = 'idp') {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

function providerBody(id: string, idp = createTestIdp(id), overrides: Record<string, unknown> = {}) {
  return {
    id,
    display_name: `Clinic ${id}`,
    entity_id: idp.entityId,
    entry_point: idp.entryPoint,
    domains: [`${id}.example`],
    certificates: [idp.certificatePem],
    ...overrides,
  };
}

describe('/api/admin/sso/providers: who may call it', () => {
  it('answers 403 to a non-admin and 401 to an anonymous caller, on every operation', async () => {
    const id = uniqueProviderId();
    const calls = [
      (client: Agent | ReturnType<typeof request>) => client.get('/api/admin/sso/providers'),
      (client: Agent | ReturnType<typeof request>) => client.post('/api/admin/sso/providers').send(providerBody(id)),
      (client: Agent | ReturnType<typeof request>) => client.get(`/api/admin/sso/providers/${id}`),
      (client: Agent | ReturnType<typeof request>) => client.delete(`/api/admin/sso/providers/${id}`),
      (client: Agent | ReturnType<typeof request>) => client.post(`/api/admin/sso/providers/${id}/test-sign-in`),
      (client: Agent | ReturnType<typeof request>) =>
        client.post('/api/admin/sso/metadata-import').send({ xml: '<x/>' }),
    ];
    for (const call of calls) {
      expect((await call(nurse)).status).toBe(403);
      expect((await call(request(app))).status).toBe(401);
    }
    expect(await db('sso_providers').where({ id }).first()).toBeUndefined();
  });
});

describe('/api/admin/sso/providers: set-up', () => {
  it('creates a provider and answers it with the certificate’s subject and expiry and the SP values to copy', async () => {
    const id = uniqueProviderId();
    const idp = createTestIdp(id);
    const response = await admin.post('/api/admin/sso/providers').send(providerBody(id, idp)).expect(201);
    expect(response.body).toMatchObject({
      id,
      display_name: `Clinic ${id}`,
      entity_id: idp.entityId,
      entry_point: idp.entryPoint,
      domains: [`${id}.example`],
      is_enabled: true,
      group_attribute: null,
      role_rules: [],
      department_rules: [],
      service_provider: {
        metadata_url: `${PUBLIC_URL}/api/auth/saml/${id}/metadata`,
        acs_url: `${PUBLIC_URL}/api/auth/saml/${id}/acs`,
        entity_id: `${PUBLIC_URL}/api/auth/saml/${id}/metadata`,
      },
    });
    expect(response.body.certificates).toEqual([
      expect.objectContaining({ subject: 'CN=Supply Hub test IdP', is_expired: false }),
    ]);
    const audit = await db('audit_events').where({ action: 'sso.provider.save', target_id: id }).first();
    expect(audit).toMatchObject({ actor_user_id: adminId, details: { entity_id: idp.entityId } });
    expect(JSON.stringify(audit.details)).not.toContain('BEGIN CERTIFICATE');

    const list = await admin
      .get('/api/admin/sso/providers')
      .query({ filter: JSON.stringify({ q: id }) })
      .expect(200);
    expect(list.headers['content-range']).toBe('sso/providers 0-0/1');
    expect(list.body).toEqual([response.body]);
    expect((await admin.get(`/api/admin/sso/providers/${id}`).expect(200)).body).toEqual(response.body);
  });

  it('updates, disables, enables and deletes a provider, each audited', async () => {
    const id = uniqueProviderId();
    const created = (await admin.post('/api/admin/sso/providers').send(providerBody(id)).expect(201)).body;
    const next = generateTestIdpKeys('Supply Hub next IdP');
    // react-admin sends the record back with the fields it read; only the editable ones count.
    const updated = await admin
      .put(`/api/admin/sso/providers/${id}`)
      .send({ ...created, display_name: '', certificates: [testIdpKeys().certificatePem, next.certificatePem] })
      .expect(200);
    expect(updated.body.display_name).toBeNull();
    expect(updated.body.certificates.map((c: { subject: string }) => c.subject)).toEqual([
      'CN=Supply Hub test IdP',
      'CN=Supply Hub next IdP',
    ]);
    expect((await admin.post(`/api/admin/sso/providers/${id}/disable`).expect(200)).body.is_enabled).toBe(false);
    expect((await request(app).get(`/api/auth/saml/${id}/metadata`)).status).toBe(404);
    expect((await admin.post(`/api/admin/sso/providers/${id}/enable`).expect(200)).body.is_enabled).toBe(true);
    expect((await admin.delete(`/api/admin/sso/providers/${id}`).expect(200)).body).toEqual({ id });
    expect(await db('sso_providers').where({ id }).first()).toBeUndefined();
    const actions = await db('audit_events').where({ target_id: id }).orderBy('id').pluck('action');
    expect(actions).toEqual([
      'sso.provider.save',
      'sso.provider.save',
      'sso.provider.disable',
      'sso.provider.enable',
      'sso.provider.delete',
    ]);
    expect((await admin.get(`/api/admin/sso/providers/${id}`)).body.code).toBe('SSO_PROVIDER_NOT_FOUND');
  });

  it('refuses a certificate that is not PEM X.509, a third certificate, unknown departments and back-office roles in rules', async () => {
    const id = uniqueProviderId();
    const refusals = [
      [{ certificates: ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'] }, 'certificates.0'],
      [{ certificates: [] }, 'certificates'],
      [{ certificates: Array(3).fill(testIdpKeys().certificatePem) }, 'certificates'],
      [
        { department_rules: [{ group: 'Ward', department_id: '00000000-0000-4000-8000-000000000000' }] },
        'department_rules.0.department_id',
      ],
      [{ role_rules: [{ group: 'Root', role: 'super_admin' }] }, 'role_rules.0.role'],
      [{ role_rules: [{ group: 'IT', role: 'admin' }] }, 'role_rules.0.role'],
      [{ role_rules: [{ group: 'Accounts', role: 'finance' }] }, 'role_rules.0.role'],
      [{ role_rules: [{ group: ' ', role: 'nurse' }] }, 'role_rules.0.group'],
      [{ entry_point: 'javascript:alert(1)' }, 'entry_point'],
    ] as const;
    for (const [overrides, field] of refusals) {
      const response = await admin.post('/api/admin/sso/providers').send(providerBody(id, undefined, overrides));
      expect([response.status, response.body.code, Object.keys(response.body.errors ?? {})]).toEqual([
        400,
        'VALIDATION_FAILED',
        [field],
      ]);
    }
    expect(await db('sso_providers').where({ id }).first()).toBeUndefined();
    await admin.post('/api/admin/sso/providers').send(providerBody(id)).expect(201);
    expect((await admin.post('/api/admin/sso/providers').send(providerBody(id))).body.code).toBe(
      'SSO_PROVIDER_ID_TAKEN',
    );
    // A second provider for the same e-mail domain would take over who signs in there.
    const other = uniqueProviderId();
    const takeover = await admin
      .post('/api/admin/sso/providers')
      .send(providerBody(other, undefined, { domains: [`${other}.example`, `${id}.example`] }));
    expect([takeover.status, takeover.body.code]).toEqual([409, 'SSO_DOMAIN_TAKEN']);
    expect(takeover.body.message).toBe(`Another SAML provider already serves ${id}.example.`);
    expect(await db('sso_providers').where({ id: other }).first()).toBeUndefined();
  });
});

describe('POST /api/admin/sso/metadata-import', () => {
  const idp = createTestIdp('import-idp');

  it('reads uploaded metadata: entity id, single sign-on URL and signing certificate, saving nothing', async () => {
    const before = await db('sso_providers').count('* as n').first();
    const response = await admin
      .post('/api/admin/sso/metadata-import')
      .send({ xml: idp.buildMetadataXml() })
      .expect(200);
    expect(response.body).toMatchObject({
      entity_id: idp.entityId,
      entry_point: idp.entryPoint,
      entry_point_binding: 'redirect',
      certificates: [expect.objectContaining({ subject: 'CN=Supply Hub test IdP' })],
    });
    expect(await db('sso_providers').count('* as n').first()).toEqual(before);
  });

  it('fetches metadata from an http URL', async () => {
    served.set('/federationmetadata.xml', { body: idp.buildMetadataXml() });
    const response = await admin
      .post('/api/admin/sso/metadata-import')
      .send({ url: `${serverBase}/federationmetadata.xml` })
      .expect(200);
    expect(response.body.entity_id).toBe(idp.entityId);
  });

  it('refuses hostile XML (DTD, entities) before reading it, and what is not IdP metadata, with 422', async () => {
    const billionLaughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&lol2;"/>';
    const xxe = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>';
    for (const xml of [billionLaughs, xxe, '<html><body>Welcome</body></html>', 'plain text']) {
      const response = await admin.post('/api/admin/sso/metadata-import').send({ xml });
      expect([response.status, response.body.code]).toEqual([422, 'SSO_METADATA_INVALID']);
      expect(response.body.message).not.toContain('root:');
    }
    const noCertificate = idp.buildMetadataXml().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '');
    const response = await admin.post('/api/admin/sso/metadata-import').send({ xml: noCertificate });
    expect([response.status, response.body.code, response.body.message]).toEqual([
      422,
      'SSO_METADATA_NO_SIGNING_CERT',
      'The metadata has no signing certificate (KeyDescriptor with an X509Certificate).',
    ]);
  });

  it('answers 422 SSO_METADATA_UNREACHABLE for a URL that fails, and 400 for one that is not http(s)', async () => {
    served.set('/gone.xml', { status: 500, body: 'error' });
    served.set('/huge.xml', { body: 'x'.repeat(1_100_000) });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/metadata`;
    await new Promise((resolve) => closed.close(resolve));
    // A link-local host (a cloud's instance metadata) is refused, named directly or through a redirect.
    served.set('/moved.xml', { status: 302, body: '', location: 'http://169.254.169.254/latest/meta-data/' });
    served.set('/loop.xml', { status: 301, body: '', location: '/loop.xml' });
    served.set('/renamed.xml', { status: 302, body: '', location: '/federationmetadata.xml' });
    served.set('/federationmetadata.xml', { body: idp.buildMetadataXml() });
    const linkLocal =
      'The metadata URL could not be read: its host is a link-local address, which no identity provider uses.';
    const expectations = [
      ['http://169.254.169.254/latest/meta-data/', linkLocal],
      ['http://[::ffff:169.254.169.254]/latest/meta-data/', linkLocal],
      [`${serverBase}/moved.xml`, linkLocal],
      [`${serverBase}/loop.xml`, 'The metadata URL could not be read: it redirects more than 3 times.'],
      [`${serverBase}/gone.xml`, 'The metadata URL could not be read: the server answered 500.'],
      [`${serverBase}/huge.xml`, 'The metadata URL could not be read: it is larger than 1 MB.'],
      [closedUrl, 'The metadata URL could not be read: the server cannot be reached.'],
    ];
    for (const [url, message] of expectations) {
      const response = await admin.post('/api/admin/sso/metadata-import').send({ url });
      expect([response.status, response.body.code, response.body.message]).toEqual([
        422,
        'SSO_METADATA_UNREACHABLE',
        message,
      ]);
    }
    const renamed = await admin.post('/api/admin/sso/metadata-import').send({ url: `${serverBase}/renamed.xml` });
    expect([renamed.status, renamed.body.entity_id]).toEqual([200, idp.entityId]);
    for (const body of [{ url: 'file:///etc/passwd' }, { url: 'ftp://idp.example/metadata' }, {}]) {
      const response = await admin.post('/api/admin/sso/metadata-import').send(body);
      expect([response.status, response.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
