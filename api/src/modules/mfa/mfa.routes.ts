import { Router } from 'express';
import { mfaCodeSchema } from '../../contracts/auth.js';
import { isAdmin } from '../../contracts/roles.js';
import { AppError } from '../../http/app-error.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { saveSession } from '../../http/sessions.js';
import { confirmEnrollment, disableMfa, mfaStatus, startEnrollment } from './mfa.service.js';

/** TOTP enrolment in Settings; the sign-in step itself is /api/auth/mfa/verify. */
export function mfaRoutes({ contextFor, config, throttles }: RouteDependencies): Router {
  const router = Router();

  router.get('/auth/mfa', allow.signedIn(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await mfaStatus(contextFor(req), req.auth.userId, req.auth.roles));
  });

  router.post('/auth/mfa/enroll', allow.signedIn(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await startEnrollment(contextFor(req), req.auth));
  });

  router.post('/auth/mfa/confirm', allow.signedIn(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const result = await confirmEnrollment(contextFor(req), throttles, req.auth, mfaCodeSchema.parse(req.body).code);
    req.session.mustEnrollMfa = false;
    await saveSession(req);
    res.json(result);
  });

  router.post('/auth/mfa/disable', allow.signedIn(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    if (isAdmin(req.auth.roles) && config.isMfaRequiredForAdmins) {
      throw AppError.conflict('MFA_REQUIRED', 'Two-step sign-in is required for administrators.');
    }
    await disableMfa(contextFor(req), throttles, req.auth, mfaCodeSchema.parse(req.body).code);
    res.status(204).end();
  });

  return router;
}
