import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { samlRelayStateSchema } from '../../contracts/sso.js';
import { allow } from '../../http/policy.js';
import { byAddress, throttled } from '../throttles/throttles.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { startUserSession } from '../../http/sessions.js';
import { createSamlAuthenticator, type SamlSettings } from './saml-strategy.js';
import { localRelayState, samlFailureLocation, samlSuccessLocation } from './saml.rules.js';
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

  return router;
}
