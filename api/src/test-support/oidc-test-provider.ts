/**
 * A real OpenID provider (oidc-provider 9) on 127.0.0.1 for the social sign-in tests: one static
 * confidential client, PKCE required, accounts with the claims a test gives them, and the login
 * and consent screens replaced by `authorize()`, which plays the browser without HTML forms.
 */
import { generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import Provider, { type ProviderContext } from 'oidc-provider';

export interface OidcTestAccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

type IdTokenClaims = Record<string, unknown>;

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers an account and returns its id, which is also its `sub`. */
  addAccount(claims: OidcTestAccountClaims): string;
  /**
   * Signs `accountId` in at the authorization URL and grants the requested scopes (or, with
   * `deny`, answers access_denied), following the provider's redirects with its cookies.
   * Returns the URL the provider sends the browser to: the app's callback with code, state and iss.
   */
  authorize(authorizationUrl: string, accountId: string, options?: { deny?: boolean }): Promise<string>;
  /**
   * From now on, the ID tokens the token endpoint issues to this account are changed by `edit`
   * and signed again with the provider's own key: a wrong audience or an expired token that
   * passes the signature check, which the provider would never issue by itself.
   */
  alterIdTokens(accountId: string, edit: (claims: IdTokenClaims) => IdTokenClaims): void;
  close(): Promise<void>;
}

const KEY_ID = 'test-signing-key';

export async function startOidcTestProvider(options: { redirectUri: string }): Promise<OidcTestProvider> {
  const accounts = new Map<string, OidcTestAccountClaims>();
  const alterations = new Map<string, (claims: IdTokenClaims) => IdTokenClaims>();
  const clientId = 'supply-hub-test';
  const clientSecret = randomBytes(24).toString('hex');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: KEY_ID, use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Like Google: the scope's claims are in the ID token of the code flow, not only at userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Explicit lifetimes (seconds), long enough for a test and without the provider's notices.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 300, IdToken: 300 },
    findAccount: (_context, id) => {
      const claims = accounts.get(id);
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    alterIssuedIdToken(ctx, alterations, privateKey);
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(claims) {
      const id = randomUUID();
      accounts.set(id, claims);
      return id;
    },
    async authorize(authorizationUrl, accountId, { deny = false } = {}) {
      const browser = cookieBrowser();
      const toInteraction = await browser.get(authorizationUrl);
      const uid = new URL(toInteraction, issuer).pathname.match(/^\/interaction\/([^/]+)$/)?.[1];
      if (!uid) throw new Error(`the provider did not ask for an interaction: ${toInteraction}`);
      const interaction = await provider.Interaction.find(uid);
      if (!interaction) throw new Error(`interaction ${uid} not found`);
      if (deny) {
        interaction.result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      } else {
        const grant = new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
        grant.addOIDCScope(String(interaction.params.scope));
        interaction.result = { login: { accountId }, consent: { grantId: await grant.save() } };
      }
      await interaction.persist();
      let location = interaction.returnTo;
      for (let hop = 0; hop < 5 && !location.startsWith(options.redirectUri); hop += 1) {
        location = new URL(await browser.get(location), issuer).href;
      }
      if (!location.startsWith(options.redirectUri)) throw new Error(`no redirect to the app: ${location}`);
      return location;
    },
    alterIdTokens(accountId, edit) {
      alterations.set(accountId, edit);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** GETs that keep the provider's cookies (every cookie on every request: enough for one host). */
function cookieBrowser() {
  const cookies = new Map<string, string>();
  return {
    /** Returns the redirect's Location; anything but a redirect is an error. */
    async get(url: string): Promise<string> {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const separator = pair.indexOf('=');
        const [name, value] = [pair.slice(0, separator).trim(), pair.slice(separator + 1).trim()];
        if (value) cookies.set(name, value);
        else cookies.delete(name);
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`expected a redirect from ${url}, got ${response.status}: ${await response.text()}`);
      }
      return location;
    },
  };
}

function alterIssuedIdToken(
  ctx: ProviderContext,
  alterations: Map<string, (claims: IdTokenClaims) => IdTokenClaims>,
  privateKey: KeyObject,
): void {
  const body = ctx.body as { id_token?: unknown } | undefined;
  if (ctx.path !== '/token' || ctx.status !== 200 || typeof body?.id_token !== 'string') return;
  const [header = '', payload = ''] = body.id_token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as IdTokenClaims;
  const edit = alterations.get(String(claims.sub));
  if (!edit) return;
  const signingInput = `${header}.${Buffer.from(JSON.stringify(edit(claims))).toString('base64url')}`;
  body.id_token = `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
