import type * as OidcClient from 'openid-client';

import type { AppConfig } from '../../config.js';
import type { SignInProviders } from '../../contracts/sso.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { describeError } from '../../http/describe-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SignedInUser } from '../auth/auth.service.js';
import { signInWithExternalIdentity } from '../auth/external-identity.service.js';
import {
  describeOidcFailure,
  identityFromClaims,
  isLocalPath,
  reasonForProtocolError,
  type OidcFailure,
  type OidcFailureReason,
} from './oidc.rules.js';

type OidcSettings = NonNullable<AppConfig['oidc']>;

/** Kept in the server session between the start and the callback; never sent to the browser. */
export interface PendingOidcSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo?: string;
  startedAt: number;
}

const PENDING_SIGN_IN_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

export function oidcCallbackUrl(config: AppConfig): string {
  return `${config.publicUrl}/api/auth/oidc/callback`;
}

export function describeSignInProviders(config: AppConfig): SignInProviders {
  return { oidc: { enabled: config.oidc !== undefined, name: config.oidc?.providerName ?? null } };
}

/** One discovery per process and configuration; a failed one is forgotten so the next sign-in retries. */
const discovered = new WeakMap<OidcSettings, Promise<OidcClient.Configuration>>();

/** openid-client and jose are loaded with the first social sign-in: most portals never use it. */
const loadClient = () => import('openid-client');

function issuerConfiguration(settings: OidcSettings): Promise<OidcClient.Configuration> {
  let configuration = discovered.get(settings);
  if (!configuration) {
    configuration = discover(settings);
    configuration.catch(() => discovered.delete(settings));
    discovered.set(settings, configuration);
  }
  return configuration;
}

async function discover(settings: OidcSettings): Promise<OidcClient.Configuration> {
  const client = await loadClient();
  return client.discovery(
    new URL(settings.issuerUrl),
    settings.clientId,
    undefined,
    settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
    { execute: settings.allowHttpIssuer ? [client.allowInsecureRequests] : [], timeout: 10 },
  );
}

export type OidcStart =
  { kind: 'redirect'; authorizationUrl: string; pending: PendingOidcSignIn } | { kind: 'failed'; failure: OidcFailure };

/** The provider's authorization URL (PKCE S256, state, nonce) and what the callback must check. */
export async function startOidcSignIn(ctx: ServiceContext, requestedReturnTo: unknown): Promise<OidcStart> {
  const settings = ctx.config.oidc;
  if (!settings) return { kind: 'failed', failure: describeOidcFailure('provider_not_configured') };
  let configuration: OidcClient.Configuration;
  try {
    configuration = await issuerConfiguration(settings);
  } catch (error) {
    ctx.log.warn({ error: describeError(error), issuer: settings.issuerUrl }, 'OpenID discovery failed');
    return { kind: 'failed', failure: describeOidcFailure('server_error') };
  }
  const client = await loadClient();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcCallbackUrl(ctx.config),
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const pending: PendingOidcSignIn = { state, nonce, codeVerifier, startedAt: ctx.now().getTime() };
  if (isLocalPath(requestedReturnTo)) pending.returnTo = requestedReturnTo;
  return { kind: 'redirect', authorizationUrl: authorizationUrl.href, pending };
}

export type OidcCompletion =
  | { kind: 'signed_in'; user: SignedInUser; method: string; returnTo: string | undefined }
  | { kind: 'failed'; failure: OidcFailure };

/**
 * Redeems the code of the provider's redirect (`currentUrl`) against the session's pending
 * sign-in, then signs in the identity. Tokens stay in this function: only the identity link is kept.
 */
export async function completeOidcSignIn(
  ctx: ServiceContext,
  pending: PendingOidcSignIn | undefined,
  currentUrl: URL,
): Promise<OidcCompletion> {
  const settings = ctx.config.oidc;
  const method = `oidc:${settings?.providerName ?? 'unconfigured'}`;
  const refuse = async (reason: OidcFailureReason, error?: unknown): Promise<OidcCompletion> => {
    ctx.log.warn({ method, reason, ...(error ? { error: describeError(error) } : {}) }, 'social sign-in refused');
    await recordAudit(ctx, { action: 'auth.sign_in', outcome: 'failure', details: { method, reason } });
    return { kind: 'failed', failure: describeOidcFailure(reason) };
  };
  if (!settings) return refuse('provider_not_configured');
  if (!pending || ctx.now().getTime() - pending.startedAt > PENDING_SIGN_IN_MS) return refuse('sign_in_expired');
  // openid-client checks it too; checking first gives the failure its own reason.
  if (currentUrl.searchParams.get('state') !== pending.state) return refuse('state_mismatch');

  let claims: Record<string, unknown> | undefined;
  try {
    const client = await loadClient();
    const tokens = await client.authorizationCodeGrant(await issuerConfiguration(settings), currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    return refuse(reasonForProtocolError(error), error);
  }
  const identity = identityFromClaims(claims);
  if (!identity) return refuse('email_missing');

  try {
    const user = await signInWithExternalIdentity(ctx, { ...identity, provider: method, roleForNewAccount: 'user' });
    return { kind: 'signed_in', user, method, returnTo: pending.returnTo };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // signInWithExternalIdentity audits a disabled account itself.
    if (error.code === 'ACCOUNT_DISABLED') return { kind: 'failed', failure: describeOidcFailure('account_disabled') };
    if (error.code === 'EMAIL_NOT_VERIFIED') return refuse('email_not_verified');
    throw error;
  }
}
