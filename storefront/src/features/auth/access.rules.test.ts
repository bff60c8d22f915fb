import { describe, expect, it } from '@jest/globals';
import type { Profile, SessionResponse } from '@supply-hub/api/contracts';
import type { Role } from '@supply-hub/api/contracts/roles.rules';

import {
  destinationAfterSignIn,
  destinationWhenRefused,
  hasAllowedRole,
  homeFor,
  needsOnboarding,
  readRedirectPath,
  readSavedRedirect,
} from './access.rules';

const approved = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  onboarding_completed: true,
  onboarding_approved: true,
} as Profile;

function session(roles: Role[], changes: Partial<SessionResponse> = {}): SessionResponse {
  return { roles, profile: approved, mfa_enrollment_required: false, ...changes } as SessionResponse;
}

describe('where the storefront sends a user', () => {
  it.each<[Role[], string, boolean]>([
    [['admin'], '/admin/dashboard', true],
    [['super_admin'], '/admin/dashboard', true],
    [['finance'], '/admin/reports', true],
    [['finance', 'admin'], '/admin/dashboard', true],
    [['doctor'], '/catalog', false],
    [[], '/catalog', false],
  ])('home of %j is %s (full page load: %s)', (roles, path, isFullPageLoad) => {
    expect(homeFor(session(roles))).toEqual({ path, isFullPageLoad });
  });

  it('an admin who must set up two-step sign-in goes to Settings first', () => {
    expect(homeFor(session(['admin'], { mfa_enrollment_required: true }))).toEqual({
      path: '/settings',
      isFullPageLoad: false,
    });
  });

  it.each<[Role[], string]>([
    [['admin'], '/admin/dashboard'],
    [['finance'], '/catalog'],
    [['nurse'], '/catalog'],
  ])('a route refused to %j sends to %s', (roles, path) => {
    expect(destinationWhenRefused(roles).path).toBe(path);
  });

  it('after sign-in: names missing go to onboarding, else the saved redirect, else the role home', () => {
    const nameless = session(['doctor'], { profile: { ...approved, last_name: ' ' } });
    expect(destinationAfterSignIn(nameless, '/orders').path).toBe('/onboarding');
    expect(destinationAfterSignIn(session(['doctor']), '/orders')).toEqual({ path: '/orders', isFullPageLoad: false });
    expect(destinationAfterSignIn(session(['admin']), '/admin/orders')).toEqual({
      path: '/admin/orders',
      isFullPageLoad: true,
    });
    expect(destinationAfterSignIn(session(['finance']), null).path).toBe('/admin/reports');
  });

  it("'admin' in an allowed list admits super_admin too", () => {
    expect(hasAllowedRole(['super_admin'], ['admin'])).toBe(true);
    expect(hasAllowedRole(['finance'], ['admin', 'doctor'])).toBe(false);
  });

  it('onboarding is needed until names are given and onboarding is completed', () => {
    expect(needsOnboarding(null)).toBe(true);
    expect(needsOnboarding({ ...approved, onboarding_completed: false })).toBe(true);
    expect(needsOnboarding(approved)).toBe(false);
  });
});

describe('saved redirects', () => {
  it.each([
    ['/orders?tab=pending', '/orders?tab=pending'],
    ['/admin/users', '/admin/users'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['/login', null],
    ['/login?redirect=/x', null],
    ['/orders\n', null],
    [42, null],
  ])('%j is kept as %j', (value, expected) => {
    expect(readRedirectPath(value)).toBe(expected);
  });

  it("the guard's location state wins over the ?redirect= parameter", () => {
    expect(readSavedRedirect({ from: '/cart' }, '?redirect=/orders')).toBe('/cart');
    expect(readSavedRedirect(null, '?redirect=%2Forders')).toBe('/orders');
    expect(readSavedRedirect({ from: '//evil' }, '')).toBeNull();
  });
});
