import { Router } from 'express';
import { ssoDiscoverQuerySchema } from '../../contracts/sso.js';
import { allow, notSignedInError } from '../../http/policy.js';
import { byAddress, createThrottles, throttled } from '../throttles/throttles.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { discoverSsoProvider, listSsoProviders } from './sso-providers.service.js';
import { explainSsoRoleGuess } from './sso-role-guess.service.js';

export function ssoRoutes({ contextFor, db, config }: RouteDependencies): Router {
  const throttles = createThrottles(db, config);
  const router = Router();

  /** Which SAML provider serves an e-mail (domain, then the fallback chain): the sign-in page and the SSO drill. */
  router.get(
    '/auth/sso/discover',
    allow.public(),
    throttled(throttles, 'ssoDiscovery', byAddress),
    async (req, res) => {
      const { email } = ssoDiscoverQuerySchema.parse(req.query);
      res.json(await discoverSsoProvider(contextFor(req), email));
    },
  );

  /** Configured providers without their certificates, for the SAML debug page. */
  router.get('/auth/sso/providers', allow.public(), async (req, res) => {
    const providers = await listSsoProviders(contextFor(req));
    res.json({
      providers: providers
        .filter((p) => p.is_enabled)
        .map(({ id, entity_id, domains }) => ({ id, entity_id, domains })),
    });
  });

  /** The signed-in user's own SSO role guess: their groups and the deployment's patterns (the SSO Doctor). */
  router.get('/auth/sso/role-guess', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await explainSsoRoleGuess(contextFor(req), req.auth));
  });

  return router;
}
