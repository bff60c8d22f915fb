/**
 * The browser storage keys of admin-portal §3, written by the storefront's sign-in page and callback
 * (same origin, so the same localStorage). Read-only here, except clearing the last error.
 */
export const LAST_SAML_ERROR_KEY = 'lastSamlError';

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored error as an object, or the raw text when it is not JSON; null when there is none. */
export function readLastSamlError(): unknown {
  const raw = readItem(LAST_SAML_ERROR_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function clearLastSamlError(): void {
  try {
    window.localStorage.removeItem(LAST_SAML_ERROR_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

export function readSsoKeys(): Record<'last_sso_path' | 'last_sso_time' | 'saml_provider_id', string | null> {
  return {
    last_sso_path: readItem('last_sso_path'),
    last_sso_time: readItem('last_sso_time'),
    saml_provider_id: readItem('saml_provider_id'),
  };
}
