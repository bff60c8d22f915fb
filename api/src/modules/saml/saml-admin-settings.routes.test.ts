import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { closeTestApp, createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import {
  createTestIdp,
  generateTestIdpKeys,
  readAuthnRequest,
  type TestIdp,
} from '../../test-support/saml-test-idp.js';
import { openSharedTestDb, testContext, uniqueEmail } from '../../test-support/test-context.js';
import { createDepartment } from '../departments/departments.service.js';

/**
 * Sign-in with what the back office's Single sign-on page sets: two certificates during a
 * rotation, the group → role and group → department rules, and the test sign-in.
 */
const PUBLIC_URL = 'http://127.0.0.1:3000';
const db = openSharedTestDb();
const app = createTestApp(db, { env: { PUBLIC_URL } });
type Agent = ReturnType<typeof request.agent>;
let admin: Agent;

beforeAll(async () => {
  ({ agent: admin } = await signedInAgent(app, db, ['admin']));
});
afterAll(async () => {
  await closeTestApp(app);
  await db.destroy();
});

async function createProvider(idp: TestIdp, id: string, overrides: Record<string, unknown> = {}) {
  await admin
    .post('/api/admin/sso/providers')
    .send({
      id,
      entity_id: idp.entityId,
      entry_point: idp.entryPoint,
      domains: [`${id}.example`],
      certificates: [idp.certificatePem],
      ...overrides,
    })
    .expect(201);
}

/** Start, then the IdP's signed answer posted to the ACS; answers the ACS's response. */
async function signIn(agent: Agent, idp: TestIdp, id: string, email: string, attributes: Record<string, string[]>) {
  const start = await agent.get(`/api/auth/saml/${id}/start`).expect(302);
  return postAnswer(agent, idp, id, readAuthnRequest(start.headers.location as string).id, email, attributes);
}

function postAnswer(
  agent: Agent,
  idp: TestIdp,
  id: string,
  requestId: string,
  email: string,
  attributes: Record<string, string[]>,
) {
  const base = `${PUBLIC_URL}/api/auth/saml/${id}`;
  const saml = idp.buildResponse({
    acsUrl: `${base}/acs`,
    audience: `${base}/metadata`,
    inResponseTo: requestId,
    nameId: email,
    attributes: { email: [email], ...attributes },
  });
  return agent.post(`/api/auth/saml/${id}/acs`).type('form').send({ SAMLResponse: saml });
}

describe('SAML sign-in with the back office’s settings', () => {
  it('accepts a response signed with either certificate while two are set, and only the set ones', async () => {
    const id = `rotate-${randomBytes(4).toString('hex')}`;
    const current = createTestIdp(id);
    const next = createTestIdp(id, generateTestIdpKeys('Supply Hub next IdP'));
    const stranger = createTestIdp(id, generateTestIdpKeys('Supply Hub stranger'));
    await createProvider(current, id, { certificates: [current.certificatePem, next.certificatePem] });
    for (const idp of [current, next]) {
      const agent = request.agent(app);
      const response = await signIn(agent, idp, id, uniqueEmail('rotate'), {});
      expect(response.headers.location).toBe('/auth/callback');
      expect((await agent.get('/api/auth/session').expect(200)).body.auth_method).toBe(`saml:${id}`);
    }
    const refused = await signIn(request.agent(app), stranger, id, uniqueEmail('rotate'), {});
    expect(refused.headers.location).toMatch(/^\/auth\/callback\?error=saml_signature/);
  });

  it('gives a new user the role and department of the first matching rules, and leaves an existing user’s role', async () => {
    const id = `mapping-${randomBytes(4).toString('hex')}`;
    const idp = createTestIdp(id);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const ward = await createDepartment(testContext(db), { code: `W${suffix}`, name: `Ward ${suffix}`, active: true });
    await createProvider(idp, id, {
      group_attribute: 'roles',
      role_rules: [
        { group: 'Nursing', role: 'nurse' },
        { group: 'Physicians', role: 'doctor' },
      ],
      department_rules: [{ group: 'Ward-3', department_id: ward.id }],
    });
    const email = uniqueEmail('mapped');
    const agent = request.agent(app);
    // Groups in the default attribute do not count: this provider names its own.
    await signIn(agent, idp, id, email, { roles: ['Physicians', 'ward-3', 'Nursing'], groups: ['IT-Admins'] });
    const session = (await agent.get('/api/auth/session').expect(200)).body;
    expect(session.roles).toEqual(['nurse']);
    const user = await db('users').where({ email }).first();
    expect(await db('profiles').where({ user_id: user.id }).first('department_id')).toEqual({
      department_id: ward.id,
    });

    // Mapped on the first sign-in only: a later sign-in with other groups keeps the role.
    await admin
      .put(`/api/admin/sso/providers/${id}`)
      .send({
        entity_id: idp.entityId,
        entry_point: idp.entryPoint,
        domains: [`${id}.example`],
        certificates: [idp.certificatePem],
        group_attribute: 'roles',
        role_rules: [{ group: 'IT-Admins', role: 'doctor' }],
      })
      .expect(200);
    const again = request.agent(app);
    await signIn(again, idp, id, email, { roles: ['IT-Admins'] });
    expect((await again.get('/api/auth/session').expect(200)).body.roles).toEqual(['nurse']);

    // No rule matches: the group-pattern guess as before, never admin.
    const other = request.agent(app);
    await signIn(other, idp, id, uniqueEmail('unmapped'), { roles: ['Admins'] });
    expect((await other.get('/api/auth/session').expect(200)).body.roles).toEqual(['provider']);
  });
});

describe('the test sign-in', () => {
  it('shows the admin who started it the NameID, attributes and mapping, and creates no user or session', async () => {
    const id = `test-${randomBytes(4).toString('hex')}`;
    const idp = createTestIdp(id);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const ward = await createDepartment(testContext(db), {
      code: `T${suffix}`,
      name: `Theatre ${suffix}`,
      active: true,
    });
    await createProvider(idp, id, {
      role_rules: [{ group: 'Surgeons', role: 'doctor' }],
      department_rules: [{ group: 'Surgeons', department_id: ward.id }],
    });
    const started = await admin.post(`/api/admin/sso/providers/${id}/test-sign-in`).expect(201);
    const authnRequest = readAuthnRequest(started.body.redirect_url as string);
    expect(authnRequest.destination).toBe(idp.entryPoint);

    const pending = await admin.get(`/api/admin/sso/test-sign-ins/${started.body.test_id}`).expect(200);
    expect(pending.body).toMatchObject({ status: 'pending', name_id: null });

    const email = uniqueEmail('tested');
    // The IdP's page posts across sites: no portal cookie comes with it.
    const answer = await postAnswer(request.agent(app), idp, id, authnRequest.id, email, {
      groups: ['Surgeons'],
      givenName: ['Ada'],
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/admin/sso?provider=${id}&test=${started.body.test_id}`);
    // No session cookie and no account: nobody was signed in (a count of all sessions would race the
    // other test files on this database).
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(await db('users').where({ email }).first()).toBeUndefined();

    const report = await admin.get(`/api/admin/sso/test-sign-ins/${started.body.test_id}`).expect(200);
    expect(report.body).toMatchObject({
      test_id: started.body.test_id,
      provider_id: id,
      status: 'received',
      name_id: email,
      name_id_format: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      attributes: { email: [email], groups: ['Surgeons'], givenName: ['Ada'] },
      groups: ['Surgeons'],
      mapped_role: 'doctor',
      mapped_department: { id: ward.id, name: `Theatre ${suffix}`, active: true },
    });
    const actions = await db('audit_events').where({ target_id: id }).orderBy('id').pluck('action');
    expect(actions).toEqual(['sso.provider.save', 'sso.test_sign_in.start', 'sso.test_sign_in.receive']);
    expect(
      await db('audit_events')
        .where({ action: 'auth.sign_in', outcome: 'success' })
        .whereRaw(`details->>'method' = ?`, [`saml:${id}`]),
    ).toEqual([]);

    // Another admin, or the same admin in another session, is not shown it.
    const { agent: otherAdmin } = await signedInAgent(app, db, ['admin']);
    expect((await otherAdmin.get(`/api/admin/sso/test-sign-ins/${started.body.test_id}`)).status).toBe(404);
    // The same answer again is a replay, refused like any other.
    const replay = await postAnswer(request.agent(app), idp, id, authnRequest.id, email, {});
    expect(replay.headers.location).toMatch(/^\/auth\/callback\?error=/);
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('reports an answer a real sign-in would refuse (no e-mail address) with what the IdP sent', async () => {
    const id = `test-${randomBytes(4).toString('hex')}`;
    const idp = createTestIdp(id);
    await createProvider(idp, id);
    const started = await admin.post(`/api/admin/sso/providers/${id}/test-sign-in`).expect(201);
    const base = `${PUBLIC_URL}/api/auth/saml/${id}`;
    const answer = await request
      .agent(app)
      .post(`/api/auth/saml/${id}/acs`)
      .type('form')
      .send({
        SAMLResponse: idp.buildResponse({
          acsUrl: `${base}/acs`,
          audience: `${base}/metadata`,
          inResponseTo: readAuthnRequest(started.body.redirect_url as string).id,
          nameId: 'employee-4711',
          attributes: { groups: ['Surgeons'] },
        }),
      });
    expect(answer.headers.location).toBe(`/admin/sso?provider=${id}&test=${started.body.test_id}`);

    const report = await admin.get(`/api/admin/sso/test-sign-ins/${started.body.test_id}`).expect(200);
    expect(report.body).toMatchObject({
      status: 'received',
      attributes: { groups: ['Surgeons'] },
      refusal: {
        reason: 'email',
        message: 'Your identity provider did not send an e-mail address (NameID or email attribute).',
      },
    });
    expect(
      await db('audit_events').where({ target_id: id, action: 'sso.test_sign_in.receive' }).pluck('outcome'),
    ).toEqual(['failure']);
  });

  it('answers 409 for a disabled provider and 404 for an unknown one', async () => {
    const id = `off-${randomBytes(4).toString('hex')}`;
    await createProvider(createTestIdp(id), id);
    await admin.post(`/api/admin/sso/providers/${id}/disable`).expect(200);
    expect((await admin.post(`/api/admin/sso/providers/${id}/test-sign-in`)).body.code).toBe('SSO_PROVIDER_NOT_USABLE');
    expect((await admin.post('/api/admin/sso/providers/no-such-idp/test-sign-in')).body.code).toBe(
      'SSO_PROVIDER_NOT_FOUND',
    );
  });
});
