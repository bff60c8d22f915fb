/**
 * The browser storage keys of admin-portal §3: where the last single sign-on started, when, with
 * which SAML provider, and the last error the callback received. Written by the sign-in page and
 * the callback, read by the diagnostics pages (and the back office's debug panel, by the same keys).
 */
export const SSO_STORAGE_KEYS = {
  lastSsoPath: 'last_sso_path',
  lastSsoTime: 'last_sso_time',
  samlProviderId: 'saml_provider_id',
  lastSamlError: 'lastSamlError',
} as const;

export interface LastSamlError {
  error: string | null;
  error_description: string | null;
  error_code: string | null;
  /** ISO 8601. */
  timestamp: string;
}

export interface SsoStorageState {
  last_sso_path: string | null;
  last_sso_time: string | null;
  saml_provider_id: string | null;
  lastSamlError: LastSamlError | null;
}

// Storage can be unavailable (private modes, blocked cookies): diagnostics must still render.
function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the sign-in itself does not depend on it.
  }
}

function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** Called just before the browser leaves for the social or SAML provider. */
export function recordSsoStart(startPath: string, samlProviderId?: string): void {
  writeItem(SSO_STORAGE_KEYS.lastSsoPath, startPath);
  writeItem(SSO_STORAGE_KEYS.lastSsoTime, new Date().toISOString());
  if (samlProviderId) writeItem(SSO_STORAGE_KEYS.samlProviderId, samlProviderId);
}

export function saveLastSamlError(error: LastSamlError): void {
  writeItem(SSO_STORAGE_KEYS.lastSamlError, JSON.stringify(error));
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The stored error, or null when there is none or it is not ours (hand-edited, older format). */
export function readLastSamlError(): LastSamlError | null {
  const raw = readItem(SSO_STORAGE_KEYS.lastSamlError);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as unknown;
    if (typeof data !== 'object' || data === null) return null;
    const record = data as Record<string, unknown>;
    return {
      error: stringOrNull(record.error),
      error_description: stringOrNull(record.error_description),
      error_code: stringOrNull(record.error_code),
      timestamp: stringOrNull(record.timestamp) ?? '',
    };
  } catch {
    return null;
  }
}

export function clearLastSamlError(): void {
  removeItem(SSO_STORAGE_KEYS.lastSamlError);
}

export function readSsoStorage(): SsoStorageState {
  return {
    last_sso_path: readItem(SSO_STORAGE_KEYS.lastSsoPath),
    last_sso_time: readItem(SSO_STORAGE_KEYS.lastSsoTime),
    saml_provider_id: readItem(SSO_STORAGE_KEYS.samlProviderId),
    lastSamlError: readLastSamlError(),
  };
}
