import type { RequestHandler } from 'express';

import { isAdmin, type Role } from '../contracts/roles.js';
import { AppError } from './app-error.js';

/**
 * Every API route declares who may call it, as its first handler. A test walks the router and fails
 * on a route without one. 'owner' means signed in, with the record scoped to the caller by the service.
 */
export type RoutePolicy =
  { kind: 'public' } | { kind: 'signed-in' } | { kind: 'owner' } | { kind: 'roles'; roles: readonly Role[] };

export type PolicyHandler = RequestHandler & { policy: RoutePolicy };

/** A fresh function per route, so each route carries its own policy. */
function withPolicy(policy: RoutePolicy, handler: RequestHandler): PolicyHandler {
  const perRoute: RequestHandler = (req, res, next) => handler(req, res, next);
  return Object.assign(perRoute, { policy });
}

export function notSignedInError(rejection: 'expired' | 'disabled' | undefined): AppError {
  if (rejection === 'expired')
    return new AppError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
  if (rejection === 'disabled')
    return new AppError(401, 'ACCOUNT_DISABLED', 'This account has been disabled. Contact your administrator.');
  return new AppError(401, 'NOT_AUTHENTICATED', 'Auth session missing!');
}

const requireSignedIn: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : notSignedInError(req.authRejection));
};

/** 'admin' in a role list stands for admin and super_admin alike (decisions.md). */
export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  if (allowed.includes('admin') && isAdmin(userRoles)) return true;
  return userRoles.some((role) => allowed.includes(role));
}

export const allow = {
  public: (): PolicyHandler => withPolicy({ kind: 'public' }, (_req, _res, next) => next()),
  signedIn: (): PolicyHandler => withPolicy({ kind: 'signed-in' }, requireSignedIn),
  owner: (): PolicyHandler => withPolicy({ kind: 'owner' }, requireSignedIn),
  roles: (...roles: Role[]): PolicyHandler => rolesPolicy(roles, 'You do not have permission to do this.'),
  /** Admins only, with the refusal text a screen quotes (e.g. the approval's). */
  adminsWithMessage: (forbiddenMessage: string): PolicyHandler => rolesPolicy(['admin'], forbiddenMessage),
  /** These roles, with the refusal text a screen quotes (the service may refuse more, e.g. by level). */
  rolesWithMessage: (roles: Role[], forbiddenMessage: string): PolicyHandler => rolesPolicy(roles, forbiddenMessage),
};

function rolesPolicy(roles: Role[], forbiddenMessage: string): PolicyHandler {
  return withPolicy({ kind: 'roles', roles }, (req, _res, next) => {
    if (!req.auth) return next(notSignedInError(req.authRejection));
    if (!hasAnyRole(req.auth.roles, roles)) {
      return next(new AppError(403, 'FORBIDDEN', forbiddenMessage));
    }
    if (req.auth.mustEnrollMfa) {
      return next(
        new AppError(
          403,
          'MFA_ENROLLMENT_REQUIRED',
          'Set up two-step sign-in in Settings before using the back office.',
        ),
      );
    }
    next();
  });
}
