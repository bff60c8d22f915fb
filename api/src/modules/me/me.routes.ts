import { Router } from 'express';

import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { getOwnProfile, getOwnShippingAddress, saveDefaultShipTo, saveOwnShippingAddress } from './me.service.js';

/** The caller's own profile, default ship-to and shipping address: no id in the URL, nobody else's. */
export function meRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/me/profile', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await getOwnProfile(contextFor(req), req.auth));
  });

  router.get('/me/shipping-address', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json({ address: await getOwnShippingAddress(contextFor(req), req.auth.userId) });
  });

  router.put('/me/shipping-address', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json({ address: await saveOwnShippingAddress(contextFor(req), req.auth.userId, req.body) });
  });

  router.put('/me/default-ship-to', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await saveDefaultShipTo(contextFor(req), req.auth.userId, req.body));
  });

  return router;
}
