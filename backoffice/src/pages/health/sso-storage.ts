import { readSsoKeys } from '../debug/last-saml-error';

/** The SSO keys the storefront writes (admin-portal §3); same origin, so the same localStorage. */
export const readSsoStorage = readSsoKeys;

/** Re-detect providerId: the next SAML sign-in discovers its provider again. */
export function clearCachedProviderId(): void {
  try {
    window.localStorage.removeItem('saml_provider_id');
  } catch {
    // Storage unavailable: nothing was cached either.
  }
}
