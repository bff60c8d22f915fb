import { Router } from 'express';
import { oidcStartQuerySchema } from '../../contracts/sso.js';
import { allow } from '../../http/policy.js';
import { byAddress, throttled } from '../throttles/throttles.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { saveSession, startUserSession } from '../../http/sessions.js';
import { failureLocation, successLocation } from './oidc.rules.js';
import { completeOidcSignIn, describeSignInProviders, oidcCallbackUrl, startOidcSignIn } from './oidc.service.js';

/** Social sign-in (OpenID Connect, authorization code with PKCE): browser navigations, answered with redirects. */
export function oidcRoutes({ contextFor, config, now, throttles }: RouteDependencies): Router {
  const router = Router();

  router.get('/auth/providers', allow.public(), (_req, res) => {
    res.json(describeSignInProviders(config));
  });

  router.get('/auth/oidc/start', allow.public(), throttled(throttles, 'ssoStart', byAddress), async (req, res) => {
    const { redirect } = oidcStartQuerySchema.parse(req.query);
    const start = await startOidcSignIn(contextFor(req), redirect);
    if (start.kind === 'failed') return res.redirect(302, failureLocation(start.failure));
    req.session.oidc = start.pending;
    await saveSession(req);
    res.redirect(302, start.authorizationUrl);
  });

  router.get('/auth/oidc/callback', allow.public(), async (req, res) => {
    const pending = req.session.oidc;
    if (pending) {
      // One use: cleared before the code is redeemed, whatever the outcome.
      delete req.session.oidc;
      await saveSession(req);
    }
    // The registered redirect URI plus the provider's parameters; never derived from the Host header.
    const currentUrl = new URL(oidcCallbackUrl(config));
    currentUrl.search = new URL(req.originalUrl, config.publicUrl).search;
    const completion = await completeOidcSignIn(contextFor(req), pending, currentUrl);
    if (completion.kind === 'failed') return res.redirect(302, failureLocation(completion.failure));
    await startUserSession(req, completion.user, completion.method, now());
    res.redirect(302, successLocation(completion.returnTo));
  });

  return router;
}
