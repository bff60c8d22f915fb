import type { Profile, SessionResponse } from '@supply-hub/api/contracts';
import {
  ADMIN_HOME_PATH,
  homePathFor,
  isAdmin,
  STOREFRONT_HOME_PATH,
  type Role,
} from '@supply-hub/api/contracts/roles.rules';

/** Where a route guard or a sign-in sends the user; the back office is another app (full page load). */
export interface Destination {
  path: string;
  isFullPageLoad: boolean;
}

export const APP_HOME = STOREFRONT_HOME_PATH;
export const ONBOARDING_PATH = '/onboarding';
export const PENDING_APPROVAL_PATH = '/pending-approval';
/** Where an admin who must set up two-step sign-in is sent: the back office stays locked until then. */
export const SETTINGS_PATH = '/settings';

/** The location state the guard leaves for /login: the original path and query. */
export interface RedirectState {
  from: string;
}

/** 'admin' in an allowed list stands for admin and super_admin alike (decisions.md). */
export function hasAllowedRole(roles: readonly Role[], allowed: readonly Role[]): boolean {
  if (allowed.includes('admin') && isAdmin(roles)) return true;
  return roles.some((role) => allowed.includes(role));
}

export function lacksNames(profile: Profile | null): boolean {
  return !profile?.first_name?.trim() || !profile.last_name?.trim();
}

/** provider-portal §4: names missing or onboarding not completed. */
export function needsOnboarding(profile: Profile | null): boolean {
  return lacksNames(profile) || !profile?.onboarding_completed;
}

export function isAwaitingApproval(profile: Profile | null): boolean {
  return !needsOnboarding(profile) && !profile?.onboarding_approved;
}

/** '/', '/dashboard' and unknown paths (provider-portal §2). */
export function homeFor(session: SessionResponse): Destination {
  if (session.mfa_enrollment_required) return { path: SETTINGS_PATH, isFullPageLoad: false };
  return roleHome(session.roles);
}

/** The role-home rule of the contracts; the back office is another app (a full page load). */
function roleHome(roles: readonly Role[]): Destination {
  const path = homePathFor(roles);
  return { path, isFullPageLoad: isBackOfficePath(path) };
}

/**
 * A route the roles may not open (provider-portal §2, admin-portal §2): admins to the back office's
 * dashboard, everyone else to the catalogue (finance too: the spec sends refused roles to /catalog).
 */
export function destinationWhenRefused(roles: readonly Role[]): Destination {
  if (isAdmin(roles)) return { path: ADMIN_HOME_PATH, isFullPageLoad: true };
  return { path: STOREFRONT_HOME_PATH, isFullPageLoad: false };
}

/**
 * provider-portal §4 login flow: names missing → onboarding; else the saved redirect, else the
 * role's home (admins to the back office's dashboard, finance to its reports, everyone else to the
 * catalogue). A fresh sign-up (onboarding not completed) also goes straight to onboarding, where the
 * guard would send it anyway.
 */
export function destinationAfterSignIn(session: SessionResponse, savedRedirect: string | null): Destination {
  const isAdminUser = isAdmin(session.roles);
  if (lacksNames(session.profile) || (!isAdminUser && needsOnboarding(session.profile))) {
    return { path: ONBOARDING_PATH, isFullPageLoad: false };
  }
  if (session.mfa_enrollment_required) return { path: SETTINGS_PATH, isFullPageLoad: false };
  if (savedRedirect) return { path: savedRedirect, isFullPageLoad: isBackOfficePath(savedRedirect) };
  return roleHome(session.roles);
}

function isBackOfficePath(path: string): boolean {
  return path === '/admin' || /^\/admin[/?#]/.test(path);
}

/**
 * A redirect target, only if it is a path on this portal (never another origin, never /login itself).
 * Back-office paths are kept: the back office sends its signed-out visitors here with ?redirect=.
 */
export function readRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value === '/login' || /^\/login[/?#]/.test(value)) return null;
  return value;
}

/** The redirect the route guard left in the location state (the original path and query). */
export function readRedirectState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return readRedirectPath((state as { from: unknown }).from);
}

/** The saved redirect of /login: the guard's location state, else a `redirect` query parameter. */
export function readSavedRedirect(state: unknown, search: string): string | null {
  return readRedirectState(state) ?? readRedirectPath(new URLSearchParams(search).get('redirect'));
}
