import { generateServiceProviderMetadata, SAML } from '@node-saml/passport-saml';

import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SignedInUser } from '../auth/auth.service.js';
import { signInWithExternalIdentity } from '../auth/external-identity.service.js';
import { mapSamlAccess } from './saml-mapping.service.js';
import { requestCacheKey } from './saml-request-cache.js';
import { recordTestSignInAnswer, recordTestSignInRefusal } from './saml-test-sign-in.service.js';
import {
  parseProviderId,
  REQUEST_MAX_AGE_MS,
  samlEndpoints,
  samlOptionsFor,
  selectUsableProvider,
  type SamlSettings,
  type SamlVerification,
} from './saml-strategy.js';
import * as queries from './saml.queries.js';
import { roleForNewSamlAccount, type SamlFailureReason } from './saml.rules.js';

function dependenciesOf(ctx: ServiceContext, settings: SamlSettings) {
  return { db: ctx.db, config: ctx.config, now: ctx.now, settings };
}

/** The SP metadata an IdP administrator imports: entity id, ACS (HTTP-POST), signed assertions wanted. */
export async function describeSamlMetadata(ctx: ServiceContext, settings: SamlSettings, rawProviderId: unknown) {
  const providerId = parseProviderId(rawProviderId);
  const provider = providerId ? await selectUsableProvider(ctx.db, providerId) : undefined;
  if (!provider) throw AppError.notFound('No enabled SAML provider has this id.', 'SSO_PROVIDER_NOT_FOUND');
  const { entityId, acsUrl } = samlEndpoints(ctx.config.publicUrl, provider.id);
  return generateServiceProviderMetadata({
    issuer: entityId,
    callbackUrl: acsUrl,
    identifierFormat: null,
    wantAssertionsSigned: true,
    ...(settings.spSigning
      ? { privateKey: settings.spSigning.privateKey, publicCerts: settings.spSigning.publicCert }
      : {}),
  });
}

export type SamlStart = { kind: 'redirect'; url: string } | { kind: 'failed'; reason: 'unknown_provider' };

/** The IdP's entry point with an AuthnRequest (HTTP-Redirect binding) whose id is stored for InResponseTo. */
export async function startSamlSignIn(
  ctx: ServiceContext,
  settings: SamlSettings,
  rawProviderId: unknown,
  relayState: string | undefined,
): Promise<SamlStart> {
  const providerId = parseProviderId(rawProviderId);
  const provider = providerId ? await selectUsableProvider(ctx.db, providerId) : undefined;
  if (!provider) return { kind: 'failed', reason: 'unknown_provider' };
  const saml = new SAML(samlOptionsFor(dependenciesOf(ctx, settings), provider));
  return { kind: 'redirect', url: await saml.getAuthorizeUrlAsync(relayState ?? '', undefined, {}) };
}

/** A posted body the parser refused (over the size limit, odd charset) ends like an unreadable response. */
export async function refuseUnreadableResponse(ctx: ServiceContext, rawProviderId: unknown) {
  const providerId = parseProviderId(rawProviderId);
  return refuseSamlSignIn(ctx, `saml:${providerId ?? 'unknown'}`, 'malformed');
}

async function refuseSamlSignIn(ctx: ServiceContext, method: string, reason: SamlFailureReason) {
  ctx.log.warn({ method, reason }, 'SAML sign-in refused');
  await recordAudit(ctx, { action: 'auth.sign_in', outcome: 'failure', details: { method, reason } });
  return { kind: 'failed' as const, reason };
}

export type SamlCompletion =
  | { kind: 'signed_in'; user: SignedInUser; method: string }
  | { kind: 'tested'; providerId: string; testId: string }
  | { kind: 'failed'; reason: SamlFailureReason };

/**
 * Ends a verified response in a signed-in account, or records why not. The assertion id is
 * consumed first, atomically across instances, with its request id: a second use is a replay.
 */
export async function completeSamlSignIn(ctx: ServiceContext, verification: SamlVerification): Promise<SamlCompletion> {
  const method = `saml:${verification.providerId ?? 'unknown'}`;
  const refuse = (reason: SamlFailureReason) => refuseSamlSignIn(ctx, method, reason);

  if (verification.kind === 'refused') {
    // A refused answer to an admin's test sign-in is that test's report, not a failed sign-in page.
    const testId =
      verification.providerId && verification.inResponseTo
        ? await recordTestSignInRefusal(ctx, verification.providerId, {
            inResponseTo: verification.inResponseTo,
            reason: verification.reason,
            attributes: verification.attributes,
          })
        : undefined;
    if (testId && verification.providerId) return { kind: 'tested', providerId: verification.providerId, testId };
    // A replay that arrives after the first use deleted its request id fails InResponseTo: name it.
    const isReplay =
      verification.reason === 'in_response_to' &&
      (await queries.isAssertionConsumed(ctx.db, verification.postedAssertionIds));
    return refuse(isReplay ? 'replay' : verification.reason);
  }

  const { providerId, assertion } = verification;
  const isFirstUse = await ctx.db.transaction(async (trx) => {
    const isInserted = await queries.insertConsumedAssertion(trx, {
      assertionId: assertion.assertionId,
      providerId,
      expiresAt: assertion.expiresAt,
    });
    if (isInserted && assertion.inResponseTo) {
      await queries.deleteSamlRequestId(trx, requestCacheKey(providerId, assertion.inResponseTo));
    }
    return isInserted;
  });
  if (!isFirstUse) return refuse('replay');

  // A test sign-in an admin started answers its report and never signs anyone in.
  const testId = assertion.inResponseTo
    ? await recordTestSignInAnswer(ctx, providerId, { ...assertion, inResponseTo: assertion.inResponseTo })
    : undefined;
  if (testId) return { kind: 'tested', providerId, testId };

  const { identity } = assertion;
  const provider = await selectUsableProvider(ctx.db, providerId);
  const mapped = provider ? await mapSamlAccess(ctx, provider, assertion.attributes) : undefined;
  try {
    const user = await signInWithExternalIdentity(ctx, {
      provider: method,
      subject: identity.subject,
      email: identity.email,
      // The IdP asserts the address in a signed assertion; it is trusted like its subject.
      isEmailVerified: true,
      firstName: identity.firstName,
      lastName: identity.lastName,
      groups: identity.groups,
      // A department rule that matched wins over the directory's department attribute.
      department: mapped?.department?.code ?? identity.department,
      roleForNewAccount: roleForNewSamlAccount(identity, ctx.config.saml, mapped?.role ?? undefined),
      // Fallback providers (okta_sso, okta_tile) serve other domains: they may create accounts,
      // never take over an existing account outside the domains they are configured for.
      mayLinkExistingAccount: Boolean(provider && servesDomain(provider, identity.email)),
    });
    return { kind: 'signed_in', user, method };
  } catch (error) {
    // signInWithExternalIdentity audits a disabled account itself.
    if (error instanceof AppError && error.code === 'ACCOUNT_DISABLED')
      return { kind: 'failed', reason: 'account_disabled' };
    if (error instanceof AppError && error.code === 'ACCOUNT_LINK_REFUSED') return refuse('account_link');
    throw error;
  }
}

function servesDomain(provider: { domains: readonly string[] }, email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return provider.domains.includes(domain);
}

/** Forgets SAML request ids older than a sign-in may take; returns how many. */
export function deleteExpiredSamlRequests(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<number> {
  return queries.deleteExpiredSamlRequestIds(ctx.db, new Date(ctx.now().getTime() - REQUEST_MAX_AGE_MS));
}

/** An admin reads a test sign-in's answer at once; after a day it only keeps a person's attributes. */
const TEST_SIGN_IN_KEPT_MS = 24 * 60 * 60 * 1000;

/** Forgets test sign-ins started more than a day ago; returns how many. */
export function deleteOldSamlTestSignIns(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<number> {
  return queries.deleteSamlTestSignInsStartedBefore(ctx.db, new Date(ctx.now().getTime() - TEST_SIGN_IN_KEPT_MS));
}
