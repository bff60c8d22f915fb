import type { Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';

import { createTestApp, createTestUser, movableClock, closeTestApp } from '../../test-support/http-test-app.js';
import { startOidcTestProvider, type OidcTestProvider } from '../../test-support/oidc-test-provider.js';
import { freePort } from '../../test-support/processes.js';
import { openSharedTestDb, uniqueEmail } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const clock = movableClock();
let provider: OidcTestProvider;
let app: Express;
let server: Server;
let baseUrl = '';

/** The app listens on a port known in advance: its public URL is in the client's redirect_uri. */
beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcTestProvider({ redirectUri: `${baseUrl}/api/auth/oidc/callback` });
  app = createTestApp(db, {
    now: clock.now,
    env: {
      PUBLIC_URL: baseUrl,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOW_HTTP_ISSUER: 'true',
      OIDC_PROVIDER_NAME: 'google',
    },
  });
  server = app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeTestApp(app);
  await provider.close();
  await db.destroy();
});

type Agent = ReturnType<typeof request.agent>;

/** The app's part of a URL the provider sent the browser to. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

async function startSignIn(agent: Agent, query = ''): Promise<string> {
  const response = await agent.get(`/api/auth/oidc/start${query}`).expect(302);
  return String(response.headers.location);
}

/** Delivers the provider's redirect to the app, as the browser would; returns the app's answer. */
function deliver(agent: Agent, callbackUrl: string) {
  return agent.get(pathOf(callbackUrl)).expect(302);
}

/** A whole sign-in in a fresh browser: start, provider login and consent, callback. */
async function signInAs(accountId: string, query = '') {
  const agent = request.agent(baseUrl);
  const callbackUrl = await provider.authorize(await startSignIn(agent, query), accountId);
  const landing = await deliver(agent, callbackUrl);
  return { agent, callbackUrl, landing, location: String(landing.headers.location) };
}

function withParam(url: string, name: string, value: string): string {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed.href;
}

/** What a refused sign-in must leave: the error redirect, no session, an audited reason. */
async function expectRefused(agent: Agent, landing: request.Response, reason: string) {
  expect(landing.headers.location).toMatch(new RegExp(`^/auth/callback\\?error=${reason}&error_description=[^&]+$`));
  expect((await agent.get('/api/auth/session').expect(401)).body.code).toBe('NOT_AUTHENTICATED');
  const audit = await db('audit_events')
    .where({ action: 'auth.sign_in', request_id: landing.headers['x-request-id'] })
    .first();
  expect(audit).toMatchObject({ outcome: 'failure', details: { method: 'oidc:google', reason } });
}

function newAccount(claims: { email_verified?: boolean; email?: string } = {}) {
  const email = claims.email ?? uniqueEmail('social');
  const accountId = provider.addAccount({
    email,
    email_verified: claims.email_verified ?? true,
    given_name: 'Ada',
    family_name: 'Lovelace',
  });
  return { accountId, email };
}

describe('GET /api/auth/providers', () => {
  it('offers social sign-in under its provider name', async () => {
    const response = await request(baseUrl).get('/api/auth/providers').expect(200);
    expect(response.body).toEqual({ oidc: { enabled: true, name: 'google' } });
  });
});

describe('social sign-in', () => {
  it('creates a user account from a verified e-mail on the first sign-in, waiting for onboarding', async () => {
    const { accountId, email } = newAccount();
    const { agent, landing, location, callbackUrl } = await signInAs(accountId);
    expect(location).toBe('/auth/callback');
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({
      user: { email },
      roles: ['user'],
      auth_method: 'oidc:google',
      profile: { first_name: 'Ada', last_name: 'Lovelace', onboarding_completed: false, onboarding_approved: false },
    });
    const userId = session.body.user.id as string;
    expect(await db('external_identities').where({ provider: 'oidc:google', subject: accountId })).toEqual([
      expect.objectContaining({ user_id: userId, email }),
    ]);
    expect(
      await db('audit_events').where({ action: 'auth.sign_in', target_id: userId, outcome: 'success' }).first(),
    ).toMatchObject({ details: { method: 'oidc:google' } });
    // Neither the code nor the pending sign-in stays in the server session.
    const sid = /supply_hub\.sid=s%3A([^.;]+)/.exec(String(landing.headers['set-cookie']))?.[1];
    const stored = await db('sessions').where({ sid }).first();
    expect(stored.sess).toMatchObject({ userId, authMethod: 'oidc:google' });
    expect(stored.sess.oidc).toBeUndefined();
    expect(JSON.stringify(stored.sess)).not.toContain(new URL(callbackUrl).searchParams.get('code'));
  });

  it('signs the same subject in to the same account the second time', async () => {
    const { accountId, email } = newAccount();
    const first = await signInAs(accountId);
    const second = await signInAs(accountId);
    const firstUser = (await first.agent.get('/api/auth/session').expect(200)).body.user;
    expect((await second.agent.get('/api/auth/session').expect(200)).body.user).toEqual(firstUser);
    expect(await db('users').where({ email }).count('* as n').first()).toEqual({ n: 1 });
    expect(
      await db('external_identities').where({ provider: 'oidc:google', subject: accountId }).count('* as n').first(),
    ).toEqual({ n: 1 });
  });

  it('links a password account with the same verified e-mail instead of creating one', async () => {
    const existing = await createTestUser(db, ['doctor']);
    const { accountId } = newAccount({ email: existing.email.toUpperCase() });
    const { agent, location } = await signInAs(accountId);
    expect(location).toBe('/auth/callback');
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ user: { id: existing.id, email: existing.email }, roles: ['doctor'] });
    expect(await db('users').where({ email: existing.email }).count('* as n').first()).toEqual({ n: 1 });
    expect(await db('external_identities').where({ subject: accountId }).first()).toMatchObject({
      user_id: existing.id,
    });
  });

  it('returns to a local path given at the start, and drops one that leads to another site', async () => {
    const local = await signInAs(newAccount().accountId, '?redirect=%2Forders%2F42%3Ftab%3Dlines');
    expect(local.location).toBe('/auth/callback?redirect=%2Forders%2F42%3Ftab%3Dlines');
    for (const elsewhere of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const foreign = await signInAs(newAccount().accountId, `?redirect=${encodeURIComponent(elsewhere)}`);
      expect(foreign.location).toBe('/auth/callback');
    }
  });
});

describe('social sign-in refusals', () => {
  it('refuses an e-mail the provider has not verified, creating no account', async () => {
    const { accountId, email } = newAccount({ email_verified: false });
    const { agent, landing } = await signInAs(accountId);
    await expectRefused(agent, landing, 'email_not_verified');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('refuses a response whose state was tampered with, and the sign-in cannot be finished afterwards', async () => {
    const { accountId, email } = newAccount();
    const agent = request.agent(baseUrl);
    const callbackUrl = await provider.authorize(await startSignIn(agent), accountId);
    await expectRefused(agent, await deliver(agent, withParam(callbackUrl, 'state', 'forged')), 'state_mismatch');
    await expectRefused(agent, await deliver(agent, callbackUrl), 'sign_in_expired');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('refuses a code replayed in another browser session, even with that session’s own state', async () => {
    const victim = newAccount();
    const first = await signInAs(victim.accountId);
    expect(first.location).toBe('/auth/callback');
    const attacker = request.agent(baseUrl);
    await startSignIn(attacker);
    await expectRefused(attacker, await deliver(attacker, first.callbackUrl), 'state_mismatch');
    // The provider redeems a code once, and only with the PKCE verifier of the session that started.
    const attackerState = new URL(await startSignIn(attacker)).searchParams.get('state') ?? '';
    const replayed = await deliver(attacker, withParam(first.callbackUrl, 'state', attackerState));
    await expectRefused(attacker, replayed, 'code_rejected');
  });

  it('refuses an ID token whose nonce belongs to another sign-in', async () => {
    const { accountId, email } = newAccount();
    const otherNonce = new URL(await startSignIn(request.agent(baseUrl))).searchParams.get('nonce') ?? '';
    const agent = request.agent(baseUrl);
    const authorizationUrl = withParam(await startSignIn(agent), 'nonce', otherNonce);
    const landing = await deliver(agent, await provider.authorize(authorizationUrl, accountId));
    await expectRefused(agent, landing, 'nonce_mismatch');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('refuses an ID token issued to another application', async () => {
    const { accountId, email } = newAccount();
    provider.alterIdTokens(accountId, (claims) => ({ ...claims, aud: 'another-application' }));
    const { agent, landing } = await signInAs(accountId);
    await expectRefused(agent, landing, 'audience_mismatch');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('refuses an expired ID token', async () => {
    const { accountId, email } = newAccount();
    const epochNow = Math.floor(Date.now() / 1000);
    provider.alterIdTokens(accountId, (claims) => ({ ...claims, iat: epochNow - 1200, exp: epochNow - 600 }));
    const { agent, landing } = await signInAs(accountId);
    await expectRefused(agent, landing, 'token_expired');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('reports a refusal at the provider as access_denied', async () => {
    const { accountId, email } = newAccount();
    const agent = request.agent(baseUrl);
    const callbackUrl = await provider.authorize(await startSignIn(agent), accountId, { deny: true });
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    await expectRefused(agent, await deliver(agent, callbackUrl), 'access_denied');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('refuses a sign-in left unfinished for more than 10 minutes', async () => {
    const { accountId, email } = newAccount();
    const agent = request.agent(baseUrl);
    const callbackUrl = await provider.authorize(await startSignIn(agent), accountId);
    clock.advance(11 * 60_000);
    await expectRefused(agent, await deliver(agent, callbackUrl), 'sign_in_expired');
    expect(await db('users').where({ email }).first()).toBeUndefined();
  });

  it('refuses a disabled account linked to the identity', async () => {
    const { accountId } = newAccount();
    const first = await signInAs(accountId);
    const { id } = (await first.agent.get('/api/auth/session').expect(200)).body.user as { id: string };
    await db('users').where({ id }).update({ status: 'disabled' });
    const { agent, landing } = await signInAs(accountId);
    expect(landing.headers.location).toMatch(/^\/auth\/callback\?error=account_disabled&error_description=/);
    await agent.get('/api/auth/session').expect(401);
    expect(await db('audit_events').where({ request_id: landing.headers['x-request-id'] }).first()).toMatchObject({
      outcome: 'failure',
      target_id: id,
      details: { method: 'oidc:google', reason: 'disabled' },
    });
  });
});

describe('social sign-in without a working provider', () => {
  const others: Express[] = [];
  afterAll(async () => {
    for (const other of others) await closeTestApp(other);
  });

  it('answers /auth/oidc/start with provider_not_configured when no client is configured', async () => {
    const unconfigured = createTestApp(db);
    others.push(unconfigured);
    const response = await request(unconfigured).get('/api/auth/oidc/start?redirect=//evil.example').expect(302);
    expect(response.headers.location).toBe(
      '/auth/callback?error=provider_not_configured&error_description=Social%20sign-in%20is%20not%20configured',
    );
    expect((await request(unconfigured).get('/api/auth/providers').expect(200)).body).toEqual({
      oidc: { enabled: false, name: null },
    });
  });

  it('answers server_error when the provider cannot be discovered', async () => {
    const unreachable = createTestApp(db, {
      env: {
        OIDC_ISSUER_URL: `http://127.0.0.1:${await freePort()}`,
        OIDC_CLIENT_ID: 'supply-hub',
        OIDC_ALLOW_HTTP_ISSUER: 'true',
      },
    });
    others.push(unreachable);
    const response = await request(unreachable).get('/api/auth/oidc/start').expect(302);
    expect(response.headers.location).toMatch(/^\/auth\/callback\?error=server_error&error_description=\S+$/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
