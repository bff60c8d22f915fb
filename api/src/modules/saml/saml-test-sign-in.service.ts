import { randomUUID } from 'node:crypto';

import { SAML } from '@node-saml/passport-saml';

import type { SsoTestSignInResult } from '../../contracts/admin-sso.js';
import { SAML_FAILURE_MESSAGES, type SamlFailureReason } from '../../contracts/sign-in-errors.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { mapSamlAccess } from './saml-mapping.service.js';
import { samlOptionsFor, selectUsableProvider, type SamlSettings, type VerifiedAssertion } from './saml-strategy.js';
import * as queries from './saml.queries.js';

type StoredAnswer = Omit<SsoTestSignInResult, 'test_id' | 'provider_id' | 'status' | 'created_at' | 'completed_at'>;

/**
 * Starts a SAML sign-in whose answer is only reported: the AuthnRequest's id is kept with the admin
 * and the session that asked, and the ACS, seeing a response to that id, stores what the IdP sent
 * instead of signing anyone in (completeSamlSignIn). The id is signed into the IdP's response
 * (InResponseTo), so neither side can turn a test into a sign-in or a sign-in into a test.
 */
export async function startTestSignIn(
  ctx: ServiceContext,
  settings: SamlSettings,
  providerId: string,
  admin: { userId: string; sessionId: string },
): Promise<{ test_id: string; redirect_url: string }> {
  if (!(await queries.selectSsoProviderSettings(ctx.db, providerId))) {
    throw AppError.notFound('No SAML provider has this id.', 'SSO_PROVIDER_NOT_FOUND');
  }
  const provider = await selectUsableProvider(ctx.db, providerId);
  if (!provider) {
    throw new AppError(
      409,
      'SSO_PROVIDER_NOT_USABLE',
      'This provider is disabled or lacks its single sign-on URL or certificate: it cannot be tested.',
    );
  }
  const options = samlOptionsFor({ db: ctx.db, config: ctx.config, now: ctx.now, settings }, provider);
  const issued: string[] = [];
  const cache = options.cacheProvider;
  const saml = new SAML({
    ...options,
    cacheProvider: cache && {
      ...cache,
      saveAsync: (requestId, value) => {
        issued.push(requestId);
        return cache.saveAsync(requestId, value);
      },
    },
  });
  const redirectUrl = await saml.getAuthorizeUrlAsync('', undefined, {});
  const requestId = issued[0];
  if (!requestId) throw new Error('node-saml issued no request id');
  const testId = randomUUID();
  await ctx.db.transaction(async (trx) => {
    await queries.insertSamlTestSignIn(
      trx,
      {
        id: testId,
        provider_id: providerId,
        request_id: requestId,
        admin_user_id: admin.userId,
        admin_session_id: admin.sessionId,
      },
      ctx.now(),
    );
    await recordAudit(
      ctx,
      {
        action: 'sso.test_sign_in.start',
        targetType: 'sso_provider',
        targetId: providerId,
        details: { test_id: testId },
      },
      trx,
    );
  });
  return { test_id: testId, redirect_url: redirectUrl };
}

/**
 * When a verified response answers a test sign-in's request, stores what it carried and what the
 * group rules would make of it, and answers the test's id; undefined for an ordinary sign-in.
 */
export async function recordTestSignInAnswer(
  ctx: ServiceContext,
  providerId: string,
  assertion: VerifiedAssertion & { inResponseTo: string },
): Promise<string | undefined> {
  const test = await queries.selectSamlTestSignInByRequest(ctx.db, providerId, assertion.inResponseTo);
  if (!test) return undefined;
  const provider = await selectUsableProvider(ctx.db, providerId);
  const mapped = provider ? await mapSamlAccess(ctx, provider, assertion.attributes) : undefined;
  const answer: StoredAnswer = {
    name_id: assertion.identity.subject,
    name_id_format: assertion.nameIdFormat ?? null,
    attributes: assertion.attributes,
    groups: mapped?.groups ?? [],
    mapped_role: mapped?.role ?? null,
    mapped_department: mapped?.department
      ? { id: mapped.department.id, name: mapped.department.name, active: mapped.department.active }
      : null,
    refusal: null,
  };
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.completeSamlTestSignIn(trx, test.id, answer, ctx.now()))) return;
    await recordAudit(
      ctx,
      {
        action: 'sso.test_sign_in.receive',
        targetType: 'sso_provider',
        targetId: providerId,
        details: { test_id: test.id, name_id: answer.name_id },
      },
      trx,
    );
  });
  return test.id;
}

/**
 * When a refused response answers a test sign-in's request, stores why a real sign-in would fail
 * (and, when the signature held, what the IdP sent): a missing e-mail attribute is exactly what an
 * admin tests for. Answers the test's id; undefined for an ordinary sign-in.
 */
export async function recordTestSignInRefusal(
  ctx: ServiceContext,
  providerId: string,
  refused: { inResponseTo: string; reason: SamlFailureReason; attributes?: Record<string, string[]> },
): Promise<string | undefined> {
  const test = await queries.selectSamlTestSignInByRequest(ctx.db, providerId, refused.inResponseTo);
  // An answered test keeps its first answer; a replay of it is refused like any other.
  if (!test || test.completed_at) return undefined;
  const answer: StoredAnswer = {
    name_id: null,
    name_id_format: null,
    attributes: refused.attributes ?? {},
    groups: [],
    mapped_role: null,
    mapped_department: null,
    refusal: { reason: refused.reason, message: SAML_FAILURE_MESSAGES[refused.reason] },
  };
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.completeSamlTestSignIn(trx, test.id, answer, ctx.now()))) return;
    await recordAudit(
      ctx,
      {
        action: 'sso.test_sign_in.receive',
        targetType: 'sso_provider',
        targetId: providerId,
        outcome: 'failure',
        details: { test_id: test.id, reason: refused.reason },
      },
      trx,
    );
  });
  return test.id;
}

/** A test's report, to the admin and session that started it only (anyone else: not found). */
export async function readTestSignIn(
  ctx: ServiceContext,
  owner: { id: string; adminUserId: string; adminSessionId: string },
): Promise<SsoTestSignInResult> {
  const test = await queries.selectSamlTestSignIn(ctx.db, owner);
  if (!test) throw AppError.notFound('No test sign-in of yours has this id.', 'SSO_TEST_SIGN_IN_NOT_FOUND');
  const stored = (test.result ?? null) as Partial<StoredAnswer> | null;
  return {
    test_id: test.id,
    provider_id: test.provider_id,
    status: test.completed_at ? 'received' : 'pending',
    created_at: test.created_at.toISOString(),
    completed_at: test.completed_at?.toISOString() ?? null,
    name_id: stored?.name_id ?? null,
    name_id_format: stored?.name_id_format ?? null,
    attributes: stored?.attributes ?? {},
    groups: stored?.groups ?? [],
    mapped_role: stored?.mapped_role ?? null,
    mapped_department: stored?.mapped_department ?? null,
    refusal: stored?.refusal ?? null,
  };
}
