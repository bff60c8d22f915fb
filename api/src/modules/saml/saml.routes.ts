import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { ssoProviderIdParamsSchema, ssoTestSignInParamsSchema } from '../../contracts/admin-sso.js';
import { samlRelayStateSchema } from '../../contracts/sso.js';
import { allow } from '../../http/policy.js';
import { byAddress, throttled } from '../throttles/throttles.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { startUserSession } from '../../http/sessions.js';
import { createSamlAuthenticator, type SamlSettings } from './saml-strategy.js';
import { localRelayState, samlFailureLocation, samlSuccessLocation, samlTestLocation } from './saml.rules.js';
import { readTestSignIn, startTestSignIn } from './saml-test-sign-in.service.js';
import { completeSamlSignIn, describeSamlMetadata, refuseUnreadableResponse, startSamlSignIn } from './saml.service.js';

/**
 * SAML 2.0 single sign-on, one SP per row of sso_providers (`:providerId`). Browser navigations
 * answered with redirects; the ACS is exempt from the cross-site guard because the IdP's page posts
 * to it, and it verifies the response's signature instead.
 */
export function samlRoutes(dependencies: RouteDependencies, options: Partial<SamlSettings> = {}): Router {
  const { contextFor, db, config, now, throttles } = dependencies;
  const settings: SamlSettings = { allowIdpInitiated: false, ...options };
  const authenticator = createSamlAuthenticator({ db, config, now, settings });
  const router = Router();

  /** body-parser's refusals (over 1 MB, bad charset …) end on /auth/callback like any unreadable response. */
  const refuseUnreadableBody: ErrorRequestHandler = async (error: unknown, req, res, next) => {
    const type = (error as { type?: unknown } | undefined)?.type;
    if (typeof type !== 'string' || !/^(entity|encoding|charset|parameters)\./.test(type)) return next(error);
    const completion = await refuseUnreadableResponse(contextFor(req), req.params.providerId);
    res.redirect(302, samlFailureLocation(completion.reason));
  };

  router.get('/auth/saml/:providerId/metadata', allow.public(), async (req, res) => {
    const metadata = await describeSamlMetadata(contextFor(req), settings, req.params.providerId);
    res.type('application/samlmetadata+xml').send(metadata);
  });

  router.get(
    '/auth/saml/:providerId/start',
    allow.public(),
    throttled(throttles, 'ssoStart', byAddress),
    async (req, res) => {
      const relayState = localRelayState(samlRelayStateSchema.parse(req.query).RelayState);
      const start = await startSamlSignIn(contextFor(req), settings, req.params.providerId, relayState);
      res.redirect(302, start.kind === 'redirect' ? start.url : samlFailureLocation(start.reason));
    },
  );

  const consumeResponse: RequestHandler<{ providerId: string }> = async (req, res) => {
    const relayState = localRelayState(samlRelayStateSchema.parse(req.body ?? {}).RelayState);
    const verification = await authenticator.verifyPostedResponse(req, res);
    const completion = await completeSamlSignIn(contextFor(req), verification);
    if (completion.kind === 'failed') return res.redirect(302, samlFailureLocation(completion.reason));
    if (completion.kind === 'tested')
      return res.redirect(302, samlTestLocation(completion.providerId, completion.testId));
    await startUserSession(req, completion.user, completion.method, now());
    res.redirect(302, samlSuccessLocation(relayState));
  };
  router.post(
    '/auth/saml/:providerId/acs',
    allow.public(),
    express.urlencoded({ extended: false, limit: '1mb' }),
    consumeResponse,
    refuseUnreadableBody,
  );

  /** A sign-in whose answer is only shown to the admin who started it; no one is signed in (admins only). */
  router.post('/admin/sso/providers/:id/test-sign-in', allow.roles('admin'), async (req, res) => {
    const { id } = ssoProviderIdParamsSchema.parse(req.params);
    const admin = { userId: req.auth?.userId ?? '', sessionId: req.sessionID };
    res.status(201).json(await startTestSignIn(contextFor(req), settings, id, admin));
  });
  router.get('/admin/sso/test-sign-ins/:testId', allow.roles('admin'), async (req, res) => {
    const { testId } = ssoTestSignInParamsSchema.parse(req.params);
    const owner = { id: testId, adminUserId: req.auth?.userId ?? '', adminSessionId: req.sessionID };
    res.json(await readTestSignIn(contextFor(req), owner));
  });

  return router;
}
