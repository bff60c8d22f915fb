import { Router } from 'express';
import {
  demoSignInSchema,
  mfaCodeSchema,
  onboardingSchema,
  signInSchema,
  signUpConfirmSchema,
  signUpSchema,
} from '../../contracts/auth.js';
import { homePathFor } from '../../contracts/roles.js';
import { AppError } from '../../http/app-error.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { allow, notSignedInError } from '../../http/policy.js';
import {
  destroySession,
  regenerateSession,
  saveSession,
  SESSION_COOKIE,
  startUserSession,
} from '../../http/sessions.js';
import { recordAudit } from '../audit/audit.service.js';
import { mfaRequirementFor, verifySecondFactor } from '../mfa/mfa.service.js';
import { completeOnboarding, describeSession, rolesOf, signInAsDemoUser, signInWithPassword } from './auth.service.js';
import { confirmSignUp, requestSignUp } from './sign-up.service.js';
import { sessionExpiry } from './session-policy.rules.js';
import { byAddress, throttled } from '../throttles/throttles.js';
import { readDeviceToken, setDeviceCookie } from './device-cookie.js';

const PENDING_MFA_MS = 5 * 60_000;
const DEMO_SESSION_MS = 3600 * 1000;
const SIGN_UP_CHECK_EMAIL = 'Check your e-mail: we sent you a link to finish creating your account.';

export function authRoutes(dependencies: RouteDependencies): Router {
  const { contextFor, config, now, throttles } = dependencies;
  const isSecure = config.publicUrl.startsWith('https://');
  const router = Router();

  router.post('/auth/login', allow.public(), async (req, res) => {
    const ctx = contextFor(req);
    const { user, deviceToken } = await signInWithPassword(
      ctx,
      throttles,
      signInSchema.parse(req.body),
      readDeviceToken(req),
    );
    // Like the session cookie: a Secure cookie is never sent back over plain HTTP.
    if (!isSecure || req.secure) setDeviceCookie(res, deviceToken, isSecure);
    const roles = await rolesOf(ctx, user.userId);
    const requirement = await mfaRequirementFor(ctx, user.userId, roles);
    if (requirement === 'verify') {
      await regenerateSession(req);
      req.session.pendingMfa = {
        userId: user.userId,
        email: user.email,
        authMethod: 'password',
        since: now().getTime(),
      };
      await saveSession(req);
      res.json({ status: 'mfa_required' });
      return;
    }
    await startUserSession(req, user, 'password', now(), { mustEnrollMfa: requirement === 'enroll' });
    res.json({
      status: requirement === 'enroll' ? 'mfa_enrollment_required' : 'signed_in',
      user: { id: user.userId, email: user.email },
      home: homePathFor(roles),
    });
  });

  router.post('/auth/mfa/verify', allow.public(), async (req, res) => {
    const { code } = mfaCodeSchema.parse(req.body);
    const pending = req.session?.pendingMfa;
    if (!pending || now().getTime() - pending.since > PENDING_MFA_MS) {
      throw new AppError(401, 'MFA_SESSION_EXPIRED', 'Your sign-in took too long. Please sign in again.');
    }
    const ctx = contextFor(req);
    const user = { userId: pending.userId, email: pending.email };
    const audit = { action: 'auth.mfa_verify', targetType: 'user', targetId: user.userId };
    if (!(await verifySecondFactor(ctx, throttles, user, code))) {
      await recordAudit(ctx, { ...audit, outcome: 'failure', details: { method: 'totp' } });
      throw new AppError(
        401,
        'MFA_CODE_INVALID',
        'That code is not valid. Check the time on your device and try again.',
      );
    }
    const actor = { kind: 'user' as const, userId: user.userId, label: user.email };
    await recordAudit({ ...ctx, actor }, { ...audit, details: { method: 'totp' } });
    await startUserSession(req, user, pending.authMethod, now());
    const home = homePathFor(await rolesOf(ctx, user.userId));
    res.json({ status: 'signed_in', user: { id: user.userId, email: user.email }, home });
  });

  router.post('/auth/signup', allow.public(), throttled(throttles, 'signUpAddress', byAddress), async (req, res) => {
    await requestSignUp(contextFor(req), throttles, signUpSchema.parse(req.body));
    res.status(202).json({ status: 'check_email', message: SIGN_UP_CHECK_EMAIL });
  });

  /** The link of the sign-up mail: creates the account and signs it in (then onboarding). */
  router.post(
    '/auth/signup/confirm',
    allow.public(),
    throttled(throttles, 'signUpConfirm', byAddress),
    async (req, res) => {
      const user = await confirmSignUp(contextFor(req), signUpConfirmSchema.parse(req.body));
      await startUserSession(req, user, 'password', now());
      res.status(201).json({ status: 'signed_in', user: { id: user.userId, email: user.email } });
    },
  );

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
      { ...config.session, absoluteLifetimeMs: req.session.lifetimeMs ?? config.session.absoluteLifetimeMs },
    );
    res.json(await describeSession(contextFor(req), { ...req.auth, expiresAt }));
  });

  /** Demo mode only (decisions.md): "Try as admin" / "Try as doctor", a one-hour session. */
  router.post('/auth/demo', allow.public(), async (req, res) => {
    if (!config.isDemoMode) throw AppError.notFound(`No API route for POST /api/auth/demo`, 'ROUTE_NOT_FOUND');
    await throttles.consume('demoSignIn', byAddress(req));
    const { as } = demoSignInSchema.parse(req.body);
    const ctx = contextFor(req);
    const user = await signInAsDemoUser(ctx, as);
    await startUserSession(req, user, 'demo', now(), { lifetimeMs: DEMO_SESSION_MS });
    res.json({ status: 'signed_in', user: { id: user.userId, email: user.email } });
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
