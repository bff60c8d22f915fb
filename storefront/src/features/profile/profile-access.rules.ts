import { isAdmin, type Role } from '@supply-hub/api/contracts/roles.rules';

/** provider-portal §2/§6 Profile: the roles that open /profile ('admin' counts super_admin too). */
export const PROFILE_ROLES: readonly Role[] = ['admin', 'provider', 'nurse'];

/**
 * provider-portal §2/§6 Profile: admins, providers and nurses only; arriving from the identity
 * provider's link (?from=okta) counts as provider.
 */
export function isProviderLike(roles: readonly Role[], search: string): boolean {
  return roles.includes('provider') || roles.includes('nurse') || new URLSearchParams(search).get('from') === 'okta';
}

export function canViewProfile(roles: readonly Role[], search: string): boolean {
  const hasProfileRole =
    (isAdmin(roles) && PROFILE_ROLES.includes('admin')) || roles.some((role) => PROFILE_ROLES.includes(role));
  return hasProfileRole || new URLSearchParams(search).get('from') === 'okta';
}
