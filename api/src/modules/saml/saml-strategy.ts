import {
  MultiSamlStrategy,
  ValidateInResponseTo,
  type Profile,
  type SamlConfig,
  type VerifiedCallback,
} from '@node-saml/passport-saml';
import type { Request, Response } from 'express';
import passportModule from 'passport';

import type { AppConfig } from '../../config.js';
import { samlAcsBodySchema, ssoProviderIdSchema } from '../../contracts/sso.js';
import type { Db } from '../../database/connection.js';
import { serviceProviderValues } from '../sso/sso-service-provider.rules.js';
import { selectSsoProvider, type SsoProviderSettingsRow } from './saml.queries.js';
import { createSamlRequestCache, SamlStoreError } from './saml-request-cache.js';
import {
  checkDelivery,
  decodeSamlResponse,
  readAssertionFacts,
  readResponseEnvelope,
  type ResponseEnvelope,
} from './saml-response.rules.js';
import { identityFromAssertion, reasonForSamlError, type SamlFailureReason, type SamlIdentity } from './saml.rules.js';

export interface SamlSettings {
  /** Accept responses without InResponseTo (IdP-initiated sign-in); off unless configured. */
  allowIdpInitiated: boolean;
  /** When set, AuthnRequests are signed (rsa-sha256) and the certificate is published in the metadata. */
  spSigning?: { privateKey: string; publicCert: string };
}

export interface SamlDependencies {
  db: Db;
  config: AppConfig;
  now: () => Date;
  settings: SamlSettings;
}

export const CLOCK_SKEW_MS = 5000;
/** How long the IdP may take to answer an AuthnRequest (sign-in with MFA included). */
export const REQUEST_MAX_AGE_MS = 30 * 60_000;

export function parseProviderId(value: unknown): string | undefined {
  const parsed = ssoProviderIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function samlEndpoints(publicUrl: string, providerId: string) {
  const values = serviceProviderValues(publicUrl, providerId);
  return { entityId: values.entity_id, acsUrl: values.acs_url };
}

export type UsableSsoProvider = SsoProviderSettingsRow & { entry_point: string; idp_certificate: string };

/** An enabled provider with what SAML needs: an entry point and the IdP's signing certificate. */
export async function selectUsableProvider(db: Db, providerId: string): Promise<UsableSsoProvider | undefined> {
  const provider = await selectSsoProvider(db, providerId);
  if (!provider?.entry_point || !provider.idp_certificate) return undefined;
  return { ...provider, entry_point: provider.entry_point, idp_certificate: provider.idp_certificate };
}

/** Both certificates while a second is set: a response signed by either is accepted (a rotation). */
function idpCertificatesOf(provider: UsableSsoProvider): string | string[] {
  return provider.idp_secondary_certificate
    ? [provider.idp_certificate, provider.idp_secondary_certificate]
    : provider.idp_certificate;
}

export function samlOptionsFor(dependencies: SamlDependencies, provider: UsableSsoProvider): SamlConfig {
  const { db, config, now, settings } = dependencies;
  const { entityId, acsUrl } = samlEndpoints(config.publicUrl, provider.id);
  return {
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
    entryPoint: provider.entry_point,
    idpCert: idpCertificatesOf(provider),
    // node-saml checks it for logout messages only; the sign-in's issuer is checked in checkDelivery.
    idpIssuer: provider.entity_id,
    // A signature is required, by the assertion or by the whole response (the spec's "signed response
    // or assertion"): with both flags false node-saml accepts a valid response signature (and then
    // reads the assertion from the signed bytes), else demands a valid signature on the assertion
    // itself; unsigned is refused. Requiring both (node-saml's default) would refuse IdPs that sign
    // only the assertion, the most common setup. The metadata still asks for signed assertions.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: settings.allowIdpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MAX_AGE_MS,
    cacheProvider: createSamlRequestCache(db, provider.id, { now, maxAgeMs: REQUEST_MAX_AGE_MS }),
    // The IdP picks the NameID format and how it authenticates (MFA, Kerberos …): asking for
    // emailAddress or PasswordProtectedTransport makes several IdPs answer with an error.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    ...(settings.spSigning ?? {}),
  };
}

export interface VerifiedAssertion {
  assertionId: string;
  expiresAt: Date;
  inResponseTo?: string;
  identity: SamlIdentity;
  nameIdFormat?: string;
  /** Every attribute's text values, for the group mapping and the test sign-in's report. */
  attributes: Record<string, string[]>;
}

export type SamlVerification =
  | { kind: 'verified'; providerId: string; assertion: VerifiedAssertion }
  | {
      kind: 'refused';
      providerId: string | undefined;
      reason: SamlFailureReason;
      postedAssertionIds: string[];
      /** The request the response names (unverified): a refused test sign-in is reported to its admin. */
      inResponseTo?: string;
      /** Only when the signature held and the identity was refused: what the IdP sent, for a test's report. */
      attributes?: Record<string, string[]>;
    };

interface PendingResponse {
  provider: UsableSsoProvider;
  envelope: ResponseEnvelope;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Attribute values as text; complex (nested XML) values are left out. */
function textAttributes(attributes: Record<string, unknown>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name,
      (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string'),
    ]),
  );
}

/**
 * The passport side of the ACS: a dedicated Passport instance (no global state, no passport
 * session) with one MultiSamlStrategy whose options come from the provider of `:providerId`.
 * node-saml verifies signature, InResponseTo, times and audience; the verify callback then applies
 * what node-saml leaves out (checkDelivery) and maps the person. Replay and the account are the
 * service's (completeSamlSignIn).
 */
export function createSamlAuthenticator(dependencies: SamlDependencies) {
  const { config, now } = dependencies;
  const pending = new WeakMap<Request, PendingResponse>();
  const passport = new passportModule.Passport();

  const verify = (req: Request, profile: Profile | null, done: VerifiedCallback) => {
    const refuse = (reason: SamlFailureReason) => done(null, undefined, { reason });
    const context = pending.get(req);
    if (!context || !profile) return refuse('invalid');
    const assertion = readAssertionFacts(profile.getAssertionXml?.() ?? '');
    if (!assertion) return refuse('malformed');
    const delivery = checkDelivery({
      envelope: context.envelope,
      assertion,
      idpEntityId: context.provider.entity_id,
      acsUrl: samlEndpoints(config.publicUrl, context.provider.id).acsUrl,
      nowMs: now().getTime(),
      skewMs: CLOCK_SKEW_MS,
    });
    if (!delivery.ok) return refuse(delivery.reason);
    const attributes = isRecord(profile.attributes) ? profile.attributes : {};
    const identity = identityFromAssertion({
      nameId: profile.nameID,
      nameIdFormat: profile.nameIDFormat,
      attributes,
    });
    if ('failure' in identity) {
      return done(null, undefined, { reason: identity.failure, attributes: textAttributes(attributes) });
    }
    const verified: VerifiedAssertion = {
      assertionId: delivery.assertionId,
      expiresAt: delivery.expiresAt,
      inResponseTo: typeof profile.inResponseTo === 'string' ? profile.inResponseTo : undefined,
      identity,
      nameIdFormat: profile.nameIDFormat,
      attributes: textAttributes(attributes),
    };
    done(null, { verified });
  };

  passport.use(
    'saml',
    new MultiSamlStrategy(
      {
        passReqToCallback: true,
        getSamlOptions: (req, done) => {
          const context = pending.get(req);
          if (!context) return done(new Error('SAML response not prepared'));
          done(null, samlOptionsFor(dependencies, context.provider));
        },
      },
      verify,
      // Single logout is not offered; a logout message at the ACS is refused.
      (_req: Request, _profile: Profile | null, done: VerifiedCallback) => done(new Error('SAML logout unsupported')),
    ),
  );

  /** Verifies the SAMLResponse posted to /auth/saml/:providerId/acs. Store failures reject (a 500). */
  async function verifyPostedResponse(req: Request, res: Response): Promise<SamlVerification> {
    const providerId = parseProviderId(req.params.providerId);
    const refused = (
      reason: SamlFailureReason,
      postedAssertionIds: string[] = [],
      answered: { inResponseTo?: string; attributes?: Record<string, string[]> } = {},
    ): SamlVerification => ({ kind: 'refused', providerId, reason, postedAssertionIds, ...answered });
    const provider = providerId ? await selectUsableProvider(dependencies.db, providerId) : undefined;
    if (!providerId || !provider) return refused('unknown_provider');
    const body = samlAcsBodySchema.safeParse(req.body);
    // passport-saml would take a query SAMLRequest/SAMLResponse for the logout redirect binding.
    const hasQueryMessage = 'SAMLRequest' in req.query || 'SAMLResponse' in req.query;
    const xml = body.success && !hasQueryMessage ? decodeSamlResponse(body.data.SAMLResponse) : undefined;
    const envelope = xml === undefined ? undefined : readResponseEnvelope(xml);
    if (!envelope) return refused('malformed');

    pending.set(req, { provider, envelope });
    const outcome = await new Promise<{ error?: unknown; user?: unknown; info?: unknown }>((resolve) => {
      const authenticate = passport.authenticate(
        'saml',
        { session: false },
        (error: unknown, user: unknown, info: unknown) => resolve({ error, user, info }),
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      // `next` is reached only when the strategy passes (a LogoutResponse): not a sign-in.
      authenticate(req, res, (error?: unknown) =>
        resolve({ error: error ?? new Error('Unknown SAML response message') }),
      );
    });
    pending.delete(req);

    if (outcome.error instanceof SamlStoreError) throw outcome.error.failure;
    const answered = { inResponseTo: envelope.inResponseTo };
    if (outcome.error) return refused(reasonForSamlError(outcome.error), envelope.assertionIds, answered);
    const verified = isRecord(outcome.user) ? outcome.user.verified : undefined;
    if (!verified) {
      const info = isRecord(outcome.info) ? outcome.info : {};
      const attributes = isRecord(info.attributes) ? (info.attributes as Record<string, string[]>) : undefined;
      return refused((info.reason as SamlFailureReason | undefined) ?? 'invalid', envelope.assertionIds, {
        ...answered,
        attributes,
      });
    }
    return { kind: 'verified', providerId, assertion: verified as VerifiedAssertion };
  }

  return { verifyPostedResponse };
}
