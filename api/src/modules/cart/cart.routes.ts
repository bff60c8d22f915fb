import { Router } from 'express';

import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { parseIdParam } from '../../http/id-param.js';
import { addCartItem, getCart, removeSupplierCartItem, replaceCart } from './cart.service.js';

/** The caller's own cart, kept on the server: it survives reloads, sign-out and a second device. */
export function cartRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/cart', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await getCart(contextFor(req), req.auth.userId));
  });

  router.put('/cart', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await replaceCart(contextFor(req), req.auth.userId, req.body));
  });

  router.post('/cart/items', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await addCartItem(contextFor(req), req.auth.userId, req.body));
  });

  router.delete('/cart/supplier-items/:id', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const id = parseIdParam(req.params, { message: 'This supplier item is not in your cart.', code: 'NOT_FOUND' });
    res.json(await removeSupplierCartItem(contextFor(req), req.auth.userId, id));
  });

  return router;
}
