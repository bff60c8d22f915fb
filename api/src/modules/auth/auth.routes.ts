import { Router } from 'express';

import { onboardingSchema, signInSchema, signUpSchema } from '../../contracts/auth.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { allow, notSignedInError } from '../../http/policy.js';
import { destroySession, regenerateSession, saveSession, SESSION_COOKIE } from '../../http/sessions.js';
import { recordAudit } from '../audit/audit.service.js';
import { completeOnboarding, describeSession, signInWithPassword, signUp, type SignedInUser } from './auth.service.js';
import { sessionExpiry } from './session-policy.rules.js';
import { createSignInThrottle } from './sign-in-throttle.js';

export function authRoutes(dependencies: RouteDependencies): Router {
  const { contextFor, db, config, now } = dependencies;
  const throttle = createSignInThrottle(db);
  const router = Router();

  /** A fresh session id at every sign-in (no fixation), with both clocks started. */
  async function startSession(
    req: Parameters<Parameters<typeof router.post>[1]>[0],
    user: SignedInUser,
    method: string,
  ) {
    await regenerateSession(req);
    const startedAt = now().getTime();
    Object.assign(req.session, {
      userId: user.userId,
      authMethod: method,
      createdAt: startedAt,
      lastSeenAt: startedAt,
    });
    await saveSession(req);
  }

  router.post('/auth/login', allow.public(), async (req, res) => {
    const user = await signInWithPassword(contextFor(req), throttle, signInSchema.parse(req.body));
    await startSession(req, user, 'password');
    res.json({ status: 'signed_in', user: { id: user.userId, email: user.email } });
  });

  router.post('/auth/signup', allow.public(), async (req, res) => {
    const user = await signUp(contextFor(req), signUpSchema.parse(req.body));
    await startSession(req, user, 'password');
    res.status(201).json({ status: 'signed_in', user: { id: user.userId, email: user.email } });
  });

  router.get('/auth/session', allow.signedIn(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await describeSession(contextFor(req), req.auth));
  });

  router.post('/auth/refresh', allow.signedIn(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    req.session.lastSeenAt = now().getTime();
    await saveSession(req);
    const expiresAt = sessionExpiry(
      { createdAt: req.session.createdAt ?? 0, lastSeenAt: req.session.lastSeenAt },
      config.session,
    );
    res.json(await describeSession(contextFor(req), { ...req.auth, expiresAt }));
  });

  router.post('/auth/logout', allow.public(), async (req, res) => {
    if (req.auth) {
      await recordAudit(contextFor(req), { action: 'auth.sign_out', targetType: 'user', targetId: req.auth.userId });
    }
    if (req.session) await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.status(204).end();
  });

  router.put('/profile/onboarding', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await completeOnboarding(contextFor(req), req.auth.userId, onboardingSchema.parse(req.body)));
  });

  return router;
}
