import express, { Router, type ErrorRequestHandler } from 'express';

import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { refusalPage } from './punchout-pages.js';
import { receivePunchoutReturn, startPunchoutSession } from './punchout.service.js';

/** A cXML document is at most 1 MB; base64 makes it a third larger. */
const MAX_FORM_BYTES = 1_400_000;
const ORDERING_ROLES = ['doctor', 'user', 'provider'] as const;

/** "Shop at supplier": behind sessions and the cross-site guard like every command. */
export function punchoutRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.post(
    '/punchout/sessions',
    allow.rolesWithMessage([...ORDERING_ROLES], 'Only doctors, providers and users can shop at the supplier.'),
    async (req, res) => {
      if (!req.auth) throw notSignedInError(req.authRejection);
      res.status(201).json(await startPunchoutSession(contextFor(req), req.auth.userId));
    },
  );
  return router;
}

/**
 * POST /api/cxml/punchout/return: the supplier's page posts the cart through the browser, from its
 * own site. Mounted before sessions and the cross-site guard (like the SAML assertion consumer): the
 * one-time BuyerCookie, not the browser's cookies, says whose cart it is. Success goes back to the
 * storefront with the cart open; a refusal is a page that says why, and nothing is added.
 */
export function punchoutReturnRoutes({ contextFor, config }: RouteDependencies): Router {
  const router = Router();
  router.post(
    '/cxml/punchout/return',
    allow.public(),
    express.urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 10, type: () => true }),
    async (req, res) => {
      const form = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
      const outcome = await receivePunchoutReturn(contextFor(req), form);
      if (outcome.kind === 'added') {
        res.redirect(303, `${config.publicUrl}/catalog?supplier_cart=${outcome.itemCount}`);
        return;
      }
      res.status(outcome.status).type('html').send(refusalPage(outcome.message, config.publicUrl));
    },
  );
  const answerWithPage: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
    if (error.type === 'entity.too.large') {
      res
        .status(413)
        .type('html')
        .send(refusalPage('The returned cart is larger than a cXML document may be.', config.publicUrl));
      return;
    }
    if (
      error.type === 'parameters.too.many' ||
      error.type === 'encoding.unsupported' ||
      error.type === 'charset.unsupported'
    ) {
      res.status(400).type('html').send(refusalPage('The returned cart could not be read.', config.publicUrl));
      return;
    }
    next(error);
  };
  router.use('/cxml/punchout/return', answerWithPage);
  return router;
}
