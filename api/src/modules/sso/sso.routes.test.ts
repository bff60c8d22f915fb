import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { closeTestApp, createTestApp } from '../../test-support/http-test-app.js';
import { testIdpKeys } from '../../test-support/saml-test-idp.js';
import { openSharedTestDb, testContext } from '../../test-support/test-context.js';
import { addSsoProvider } from './sso-providers.service.js';

const db = openSharedTestDb();
const app = createTestApp(db);
const enabledId = `sso-on-${randomBytes(3).toString('hex')}`;
const disabledId = `sso-off-${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  const { certificatePem } = testIdpKeys();
  for (const id of [enabledId, disabledId]) {
    await addSsoProvider(testContext(db), {
      id,
      entityId: `https://${id}.idp.test/metadata`,
      domains: [`${id}.example`],
      entryPoint: `https://${id}.idp.test/sso`,
      certificatePem,
    });
  }
  await db('sso_providers').where({ id: disabledId }).update({ is_enabled: false });
});
afterAll(async () => {
  await closeTestApp(app);
  await db('sso_providers').whereIn('id', [enabledId, disabledId]).delete();
  await db.destroy();
});

describe('the public SSO lookups', () => {
  it('GET /api/auth/sso/providers lists enabled providers with their domains, never a certificate', async () => {
    const response = await request(app).get('/api/auth/sso/providers').expect(200);
    const providers = (response.body as { providers: { id: string }[] }).providers;
    expect(providers).toContainEqual({
      id: enabledId,
      entity_id: `https://${enabledId}.idp.test/metadata`,
      domains: [`${enabledId}.example`],
    });
    expect(providers.map((provider) => provider.id)).not.toContain(disabledId);
    expect(response.text).not.toMatch(/CERTIFICATE/);
  });

  it("GET /api/auth/sso/discover names the provider of an e-mail's domain and the chain it tried", async () => {
    const response = await request(app)
      .get('/api/auth/sso/discover')
      .query({ email: `Someone@${enabledId.toUpperCase()}.example` })
      .expect(200);
    expect(response.body).toEqual({
      provider_id: enabledId,
      matched_by: 'domain',
      chain: ['domain', 'okta_sso', 'okta_tile'],
    });
  });

  it('GET /api/auth/sso/discover without a valid e-mail answers 400 in the error model', async () => {
    const response = await request(app).get('/api/auth/sso/discover').query({ email: 'nobody' }).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: expect.any(String) } });
  });
});
