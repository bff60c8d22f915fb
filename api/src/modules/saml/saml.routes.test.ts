import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import request from 'supertest';

import { errorHandler } from '../../http/error-handler.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { currentUser, sessionMiddleware } from '../../http/sessions.js';
import { createTestApp, createTestUser, closeTestApp, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import {
  createTestIdp,
  readAuthnRequest,
  uniqueSamlId,
  type TestResponseOptions,
} from '../../test-support/saml-test-idp.js';
import { openSharedTestDb, silentLog, testConfig, testContext, uniqueEmail } from '../../test-support/test-context.js';
import { addSsoProvider } from '../sso/sso-providers.service.js';
import { createDepartment } from '../departments/departments.service.js';
import { createUser } from '../users/users.service.js';
import { createThrottles } from '../throttles/throttles.js';
import { samlRoutes } from './saml.routes.js';
import type { SamlSettings } from './saml-strategy.js';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const db = openSharedTestDb();
const app = createTestApp(db, { env: { PUBLIC_URL } });
const idp = createTestIdp();
const providerId = `saml-${randomBytes(4).toString('hex')}`;
const method = `saml:${providerId}`;
const base = `/api/auth/saml/${providerId}`;
const acsUrl = `${PUBLIC_URL}${base}/acs`;
const spEntityId = `${PUBLIC_URL}${base}/metadata`;

beforeAll(async () => {
  await addSsoProvider(testContext(db), {
    id: providerId,
    entityId: idp.entityId,
    domains: [`${providerId}.example`],
    entryPoint: idp.entryPoint,
    certificatePem: idp.certificatePem,
  });
});
afterAll(async () => {
  // The app's session pool and event listener: left open, the run's final DROP DATABASE kills them noisily.
  await closeTestApp(app);
  await db.destroy();
});

type Agent = ReturnType<typeof request.agent>;

/** Our start redirect, as the IdP receives it. */
async function startSignIn(agent: Agent, relayState?: string) {
  const response = await agent
    .get(`${base}/start`)
    .query(relayState === undefined ? {} : { RelayState: relayState })
    .expect(302);
  return readAuthnRequest(response.headers.location as string);
}

function responseFor(
  requestId: string | null,
  email: string,
  overrides: Partial<TestResponseOptions> = {},
): TestResponseOptions {
  return {
    acsUrl,
    audience: spEntityId,
    inResponseTo: requestId,
    nameId: email,
    attributes: { email, givenName: 'Ada', sn: 'Lovelace', groups: ['Cardiology', 'Physicians'] },
    ...overrides,
  };
}

function postResponse(agent: Agent, samlResponse: string, relayState?: string, path = `${base}/acs`) {
  return agent
    .post(path)
    .type('form')
    .send(
      relayState === undefined
        ? { SAMLResponse: samlResponse }
        : { SAMLResponse: samlResponse, RelayState: relayState },
    );
}

function callbackOf(response: request.Response) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.location as string, PUBLIC_URL);
  expect(location.origin).toBe(PUBLIC_URL);
  expect(location.pathname).toBe('/auth/callback');
  return location.searchParams;
}

async function sessionCountOf(userId: string) {
  return db('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).count('* as n').first();
}

describe('SAML sign-in: start and metadata', () => {
  it('GET /start redirects to the IdP with an AuthnRequest for our ACS, keeping a local RelayState only', async () => {
    const authnRequest = await startSignIn(request.agent(app), '/orders?tab=open');
    expect(authnRequest).toMatchObject({
      issuer: spEntityId,
      acsUrl,
      destination: idp.entryPoint,
      relayState: '/orders?tab=open',
      isSigned: false,
    });
    expect(authnRequest.id).toMatch(/^_[0-9a-f]+$/);
    expect(
      await db('saml_request_ids')
        .where({ request_id: `${providerId}:${authnRequest.id}` })
        .first(),
    ).toBeTruthy();
    for (const offsite of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      expect((await startSignIn(request.agent(app), offsite)).relayState).toBeNull();
    }
  });

  it('GET /start for an unknown or disabled provider redirects to /auth/callback?error=unknown_provider', async () => {
    const unknown = callbackOf(await request(app).get('/api/auth/saml/no-such-provider/start'));
    expect(unknown.get('error')).toBe('unknown_provider');
    expect(unknown.get('error_description')).toMatch(/not configured or is disabled/);
    const disabledId = `saml-off-${randomBytes(3).toString('hex')}`;
    await addSsoProvider(testContext(db), {
      id: disabledId,
      entityId: `https://${disabledId}.saml-idp.test/metadata`,
      domains: [`${disabledId}.example`],
      entryPoint: idp.entryPoint,
      certificatePem: idp.certificatePem,
    });
    await db('sso_providers').where({ id: disabledId }).update({ is_enabled: false });
    expect(callbackOf(await request(app).get(`/api/auth/saml/${disabledId}/start`)).get('error')).toBe(
      'unknown_provider',
    );
  });

  it('GET /metadata answers the SP metadata with our entity id and ACS URL, 404 for an unknown provider', async () => {
    const response = await request(app).get(`${base}/metadata`).buffer(true).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(response.text).toContain(`entityID="${spEntityId}"`);
    expect(response.text).toContain(`Location="${acsUrl}"`);
    expect(response.text).toContain('WantAssertionsSigned="true"');
    const unknown = await request(app).get('/api/auth/saml/no-such-provider/metadata').expect(404);
    expect(unknown.body.code).toBe('SSO_PROVIDER_NOT_FOUND');
  });
});

describe('SAML sign-in: POST /acs', () => {
  it('signs a Physicians member in as a new provider, with a server session and the local RelayState', async () => {
    const agent = request.agent(app);
    const email = uniqueEmail('saml-doctor');
    const authnRequest = await startSignIn(agent, '/orders');
    const response = await postResponse(agent, idp.buildResponse(responseFor(authnRequest.id, email)), '/orders');
    expect(response.headers.location).toBe('/auth/callback?redirect=%2Forders');
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({
      user: { email },
      roles: ['provider'],
      auth_method: method,
      profile: { first_name: 'Ada', last_name: 'Lovelace', onboarding_approved: false },
    });
    const user = await db('users').where({ email }).first();
    expect(
      await db('external_identities').where({ provider: method, subject: email, user_id: user.id }).first(),
    ).toBeTruthy();
    expect(
      await db('audit_events').where({ action: 'auth.sign_in', target_id: user.id, outcome: 'success' }).first(),
    ).toMatchObject({ details: { method } });
    // The request id answers once.
    expect(
      await db('saml_request_ids')
        .where({ request_id: `${providerId}:${authnRequest.id}` })
        .first(),
    ).toBeUndefined();
  });

  it.each([
    ['the assertion only', { signAssertion: true, signResponse: false }],
    ['the response only', { signAssertion: false, signResponse: true }],
    ['both', { signAssertion: true, signResponse: true }],
  ])('accepts a staff member, signed on %s, as a new user (role user)', async (_label, signing) => {
    const agent = request.agent(app);
    const email = uniqueEmail('saml-staff');
    const authnRequest = await startSignIn(agent);
    const saml = idp.buildResponse(
      responseFor(authnRequest.id, `staff-${randomBytes(4).toString('hex')}`, {
        ...signing,
        nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
        attributes: { mail: email, firstName: 'Grace', lastName: 'Hopper', memberOf: ['nice-staff'] },
      }),
    );
    // A RelayState to another site is never followed.
    const response = await postResponse(agent, saml, '//evil.example');
    expect(response.headers.location).toBe('/auth/callback');
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ user: { email }, roles: ['user'], auth_method: method });
  });

  it('guesses new accounts with the configured group patterns, and keeps the listed test accounts providers', async () => {
    const forcedEmail = uniqueEmail('saml-test-account');
    const configured = createTestApp(db, {
      env: { PUBLIC_URL, SSO_EMPLOYEE_GROUP_PATTERNS: 'Nurse, pharmacy', SSO_FORCED_PROVIDER_EMAILS: forcedEmail },
    });
    const roleAfterSignIn = async (email: string, groups: string[]) => {
      const agent = request.agent(configured);
      const authnRequest = await startSignIn(agent);
      const saml = idp.buildResponse(responseFor(authnRequest.id, email, { attributes: { email, groups } }));
      await postResponse(agent, saml);
      return ((await agent.get('/api/auth/session').expect(200)).body as { roles: string[] }).roles;
    };
    expect(await roleAfterSignIn(uniqueEmail('saml-nurse'), ['Night Nurses'])).toEqual(['user']);
    // The configured list replaces decisions.md's default one.
    expect(await roleAfterSignIn(uniqueEmail('saml-staff'), ['nice-staff'])).toEqual(['provider']);
    expect(await roleAfterSignIn(forcedEmail, ['Night Nurses'])).toEqual(['provider']);
  });

  it('shows a signed-in user the groups of their latest SAML sign-in and the guess with the configured patterns', async () => {
    const forcedEmail = uniqueEmail('saml-doctor-test-account');
    const configured = createTestApp(db, {
      env: { PUBLIC_URL, SSO_EMPLOYEE_GROUP_PATTERNS: 'nurse', SSO_FORCED_PROVIDER_EMAILS: forcedEmail },
    });
    const signIn = async (agent: ReturnType<typeof request.agent>, email: string, groups: string[]) => {
      const authnRequest = await startSignIn(agent);
      await postResponse(
        agent,
        idp.buildResponse(responseFor(authnRequest.id, email, { attributes: { email, groups } })),
      ).expect(302);
      return (await agent.get('/api/auth/sso/role-guess').expect(200)).body as unknown;
    };
    const nurse = request.agent(configured);
    const email = uniqueEmail('saml-doctor');
    expect(await signIn(nurse, email, ['Night Nurses', 'Ward 4'])).toEqual({
      auth_method: method,
      groups: ['Night Nurses', 'Ward 4'],
      role_guess: 'employee',
      is_forced_provider: false,
      employee_group_patterns: ['nurse'],
    });
    // The latest sign-in's groups replace the earlier ones.
    expect(await signIn(request.agent(configured), email, ['Physicians'])).toMatchObject({
      groups: ['Physicians'],
      role_guess: 'provider',
    });
    expect(await signIn(request.agent(configured), forcedEmail, ['Night Nurses'])).toMatchObject({
      role_guess: 'provider',
      is_forced_provider: true,
    });
    // The list of test accounts itself never leaves the server.
    expect(JSON.stringify(await signIn(request.agent(configured), uniqueEmail('saml-doctor'), []))).not.toContain(
      forcedEmail,
    );

    // Kept within bounds, cut by characters: half an emoji would make PostgreSQL refuse the sign-in.
    const longGroup = `${'a'.repeat(255)}😀${'b'.repeat(44)}`;
    const manyGroups = [longGroup, ...Array.from({ length: 250 }, (_, index) => `group-${index}`)];
    const kept = (await signIn(request.agent(configured), uniqueEmail('saml-doctor'), manyGroups)) as {
      groups: string[];
    };
    expect(kept.groups).toHaveLength(200);
    expect(kept.groups[0]).toBe(`${'a'.repeat(255)}😀`);

    const password = await createTestUser(db, ['doctor']);
    const byPassword = request.agent(configured);
    await byPassword.post('/api/auth/login').send({ email: password.email, password: TEST_PASSWORD }).expect(200);
    expect((await byPassword.get('/api/auth/sso/role-guess').expect(200)).body).toMatchObject({
      auth_method: 'password',
      groups: null,
      role_guess: null,
    });
    await request(configured).get('/api/auth/sso/role-guess').expect(401);
  });

  it('maps the department attribute to an active department by code or name at every sign-in, never inventing one', async () => {
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const ctx = testContext(db);
    const icu = await createDepartment(ctx, { code: `ICU${suffix}`, name: `Intensive Care ${suffix}`, active: true });
    const pharmacy = await createDepartment(ctx, { code: `PH${suffix}`, name: `Pharmacy ${suffix}`, active: true });
    const closed = await createDepartment(ctx, { code: `OLD${suffix}`, name: `Old Wing ${suffix}`, active: false });
    const email = uniqueEmail('saml-department');
    const departmentAfterSignIn = async (attributes: Record<string, string>) => {
      const agent = request.agent(app);
      const authnRequest = await startSignIn(agent);
      await postResponse(
        agent,
        idp.buildResponse(responseFor(authnRequest.id, email, { attributes: { email, ...attributes } })),
      ).expect(302);
      const row = await db('profiles')
        .join('users', 'users.id', 'profiles.user_id')
        .where('users.email', email)
        .first('profiles.department_id', 'profiles.department');
      return row as { department_id: string | null; department: string | null };
    };
    // By code (any case), on the new account's first sign-in.
    expect(await departmentAfterSignIn({ department: `icu${suffix}` })).toEqual({
      department_id: icu.id,
      department: icu.name,
    });
    // By name, through another directory's attribute name: the directory moved her.
    expect(await departmentAfterSignIn({ departmentNumber: pharmacy.name })).toEqual({
      department_id: pharmacy.id,
      department: pharmacy.name,
    });
    // An unknown or deactivated department changes nothing; the unknown value is on record.
    expect(await departmentAfterSignIn({ department: `Nowhere ${suffix}` })).toMatchObject({
      department_id: pharmacy.id,
    });
    expect(await departmentAfterSignIn({ department: closed.code })).toMatchObject({ department_id: pharmacy.id });
    // No attribute at all leaves it as it is.
    expect(await departmentAfterSignIn({})).toMatchObject({ department_id: pharmacy.id });
    expect(await db('departments').where('name', `Nowhere ${suffix}`).first()).toBeUndefined();
    const unmatched = await db('audit_events')
      .where({ action: 'user.department.sso_unmatched' })
      .whereRaw("details->>'asserted' = ?", [`Nowhere ${suffix}`]);
    expect(unmatched).toHaveLength(1);
    const moves = await db('audit_events')
      .where({ action: 'user.department.sso' })
      .whereRaw("details->>'to' = ?", [pharmacy.id]);
    expect(moves).toHaveLength(1);
  });

  it('never lets a provider take over an existing account outside its e-mail domains', async () => {
    const outsider = await createTestUser(db, ['admin']);
    const agent = request.agent(app);
    const authnRequest = await startSignIn(agent);
    const response = await postResponse(agent, idp.buildResponse(responseFor(authnRequest.id, outsider.email)));
    expect(callbackOf(response).get('error')).toBe('saml_account_link');
    await agent.get('/api/auth/session').expect(401);
  });

  it('links an existing account of its domain by e-mail, keeping its roles, and refuses it once disabled', async () => {
    const email = `linked-${randomBytes(4).toString('hex')}@${providerId}.example`;
    const created = await createUser(testContext(db), {
      email,
      password: 'Lantern-Orbit-42',
      firstName: 'Linked',
      lastName: 'Doctor',
      roles: ['doctor'],
      isApproved: true,
    });
    const existing = { id: created.id, email };
    const signIn = async () => {
      const agent = request.agent(app);
      const authnRequest = await startSignIn(agent);
      return {
        agent,
        response: await postResponse(agent, idp.buildResponse(responseFor(authnRequest.id, existing.email))),
      };
    };
    const first = await signIn();
    expect(first.response.headers.location).toBe('/auth/callback');
    expect((await first.agent.get('/api/auth/session').expect(200)).body).toMatchObject({ roles: ['doctor'] });
    await db('users').where({ id: existing.id }).update({ status: 'disabled' });
    const refused = await signIn();
    expect(callbackOf(refused.response).get('error')).toBe('saml_account_disabled');
    await refused.agent.get('/api/auth/session').expect(401);
  });

  const evilEmail = () => uniqueEmail('saml-evil');
  it.each<[string, string, (requestId: string, email: string) => TestResponseOptions]>([
    ['unsigned', 'saml_signature', (id, email) => responseFor(id, email, { signAssertion: false })],
    [
      'for another audience',
      'saml_audience',
      (id, email) => responseFor(id, email, { audience: 'https://other-app.example/sp' }),
    ],
    [
      'that has expired',
      'saml_expired',
      (id, email) => responseFor(id, email, { notOnOrAfter: new Date(Date.now() - 10 * 60_000) }),
    ],
    [
      'altered after signing',
      'saml_signature',
      (id, email) =>
        responseFor(id, 'persistent-subject-1', {
          nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
          attributes: { email },
          alterAfterSigning: { from: email, to: evilEmail() },
        }),
    ],
    [
      'wrapping its signed assertion with an unsigned one',
      'saml_signature',
      (id, email) => responseFor(id, email, { wrapWithUnsignedAssertionFor: evilEmail() }),
    ],
    [
      'addressed to another Destination',
      'saml_destination',
      (id, email) => responseFor(id, email, { destination: 'https://other-app.example/acs' }),
    ],
    [
      'confirmed for another Recipient',
      'saml_destination',
      (id, email) => responseFor(id, email, { recipient: 'https://other-app.example/acs' }),
    ],
    [
      'from another issuer',
      'saml_issuer',
      (id, email) => responseFor(id, email, { issuer: 'https://rogue-idp.example' }),
    ],
    ['answering an unknown request', 'saml_in_response_to', (_id, email) => responseFor(uniqueSamlId(), email)],
    ['sent IdP-initiated (no InResponseTo)', 'saml_unsolicited', (_id, email) => responseFor(null, email)],
    [
      'with a transient NameID',
      'saml_nameid',
      (id, email) =>
        responseFor(id, uniqueSamlId(), {
          nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
          attributes: { email },
        }),
    ],
  ])('refuses a response %s with error=%s: no session, no account, an audit row', async (_label, error, build) => {
    const agent = request.agent(app);
    const email = uniqueEmail('saml-refused');
    const authnRequest = await startSignIn(agent);
    const saml = idp.buildResponse(build(authnRequest.id, email));
    const response = await postResponse(agent, saml, '/orders');
    const params = callbackOf(response);
    expect(params.get('error')).toBe(error);
    expect(params.get('error_description')).toEqual(expect.any(String));
    expect(params.get('redirect')).toBeNull();
    expect(response.headers.location).not.toContain(saml.slice(0, 40));
    expect(response.headers['set-cookie']).toBeUndefined();
    await agent.get('/api/auth/session').expect(401);
    expect(
      await db('users').where('email', 'like', 'saml-refused-%').orWhere('email', 'like', 'saml-evil-%').first(),
    ).toBeUndefined();
    const audit = await db('audit_events').where({ request_id: response.headers['x-request-id'] }).first();
    expect(audit).toMatchObject({
      action: 'auth.sign_in',
      outcome: 'failure',
      details: { method, reason: error.replace(/^saml_/, '') },
    });
  });

  it('refuses a body without a SAMLResponse, one that is not SAML, one over 1 MB, and an unknown provider', async () => {
    const missing = await request(app).post(`${base}/acs`).type('form').send({ RelayState: '/x' });
    expect(callbackOf(missing).get('error')).toBe('saml_malformed');
    const notXml = await postResponse(request.agent(app), Buffer.from('hello').toString('base64'));
    expect(callbackOf(notXml).get('error')).toBe('saml_malformed');
    const unknown = await postResponse(request.agent(app), 'PHNhbWw+', undefined, '/api/auth/saml/nobody/acs');
    expect(callbackOf(unknown).get('error')).toBe('unknown_provider');
    const tooLarge = await postResponse(request.agent(app), 'A'.repeat(1024 * 1024 + 1));
    expect(callbackOf(tooLarge).get('error')).toBe('saml_malformed');
    const audit = await db('audit_events').where({ request_id: tooLarge.headers['x-request-id'] }).first();
    expect(audit).toMatchObject({ outcome: 'failure', details: { method, reason: 'malformed' } });
  });

  it('accepts one of ten simultaneous posts of the same response and refuses the rest as replays', async () => {
    const email = uniqueEmail('saml-replay');
    const authnRequest = await startSignIn(request.agent(app));
    const saml = idp.buildResponse(responseFor(authnRequest.id, email));
    const responses = await Promise.all(Array.from({ length: 10 }, () => postResponse(request.agent(app), saml)));
    const locations = responses.map((response) => response.headers.location as string);
    expect(locations.filter((location) => location === '/auth/callback')).toHaveLength(1);
    const refused = responses.filter((response) => response.headers.location !== '/auth/callback');
    expect(refused.map((response) => callbackOf(response).get('error'))).toEqual(Array(9).fill('saml_replay'));
    const user = await db('users').where({ email }).first();
    expect(await sessionCountOf(user.id)).toEqual({ n: 1 });
    // Later, once its request id is gone, it is still named a replay.
    const late = await postResponse(request.agent(app), saml);
    expect(callbackOf(late).get('error')).toBe('saml_replay');
    expect(await sessionCountOf(user.id)).toEqual({ n: 1 });
  });
});

describe('SAML settings', () => {
  /** The api's session stack with samlRoutes mounted with these settings (createPortal uses the defaults). */
  function appWith(settings: Partial<SamlSettings>): { app: Express; close(): Promise<void> } {
    const config = testConfig({ PUBLIC_URL });
    const now = () => new Date();
    const dependencies: RouteDependencies = {
      contextFor: (req) => ({
        db,
        config,
        log: silentLog,
        now,
        actor: { kind: 'anonymous', label: 'anonymous' },
        requestId: String(req.get('x-test-request') ?? 'test'),
      }),
      db,
      config,
      now,
      version: 'test',
      startedAt: now(),
      throttles: createThrottles(db, config),
    };
    const sessions = sessionMiddleware(db, config, silentLog);
    const custom = express();
    custom.use('/api', sessions.handler, currentUser(db, config, now), samlRoutes(dependencies, settings));
    custom.use(errorHandler);
    return { app: custom, close: sessions.close };
  }

  it('with allowIdpInitiated, accepts an unsolicited response, still only once', async () => {
    const { app: allowing, close } = appWith({ allowIdpInitiated: true });
    try {
      const email = uniqueEmail('saml-unsolicited');
      const saml = idp.buildResponse(responseFor(null, email));
      expect((await postResponse(request.agent(allowing), saml)).headers.location).toBe('/auth/callback');
      const user = await db('users').where({ email }).first();
      expect(await sessionCountOf(user.id)).toEqual({ n: 1 });
      expect(callbackOf(await postResponse(request.agent(allowing), saml)).get('error')).toBe('saml_replay');
      // Solicited responses are still checked against the requests issued.
      const unknown = idp.buildResponse(responseFor(uniqueSamlId(), uniqueEmail('saml-unsolicited')));
      expect(callbackOf(await postResponse(request.agent(allowing), unknown)).get('error')).toBe('saml_in_response_to');
    } finally {
      await close();
    }
  });

  it('with an SP key, signs the AuthnRequest and publishes the certificate in the metadata', async () => {
    const { app: signing, close } = appWith({
      spSigning: { privateKey: idp.privateKeyPem, publicCert: idp.certificatePem },
    });
    try {
      const authnRequest = await startSignIn(request.agent(signing));
      expect(authnRequest.isSigned).toBe(true);
      const metadata = await request(signing).get(`${base}/metadata`).buffer(true).expect(200);
      expect(metadata.text).toContain('AuthnRequestsSigned="true"');
      expect(metadata.text).toContain('<ds:X509Certificate>');
    } finally {
      await close();
    }
  });
});
