import { Router } from 'express';

import { allow } from '../../http/policy.js';
import { byAddress, throttled } from '../throttles/throttles.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '../../contracts/auth.js';
import { checkPasswordResetToken, confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

export function passwordResetRoutes({ contextFor, throttles }: RouteDependencies): Router {
  const router = Router();

  router.post(
    '/auth/password-reset/request',
    allow.public(),
    throttled(throttles, 'passwordResetRequestAddress', byAddress),
    async (req, res) => {
      await requestPasswordReset(contextFor(req), throttles, passwordResetRequestSchema.parse(req.body));
      res.status(202).json({ message: 'If an account exists for this e-mail, a reset link is on its way.' });
    },
  );

  // POST with the token in the body: a token in a URL would land in access logs.
  router.post('/auth/password-reset/check', allow.public(), async (req, res) => {
    await checkPasswordResetToken(contextFor(req), throttles, passwordResetCheckSchema.parse(req.body));
    res.status(204).end();
  });

  router.post('/auth/password-reset/confirm', allow.public(), async (req, res) => {
    await confirmPasswordReset(contextFor(req), throttles, passwordResetConfirmSchema.parse(req.body));
    res.json({ message: 'Your password has been changed. Please sign in.' });
  });

  return router;
}
