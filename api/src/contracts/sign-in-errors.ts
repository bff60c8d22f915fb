// The texts the portal itself writes for a sign-in that failed, by the `error` code it sends to
// /auth/callback. The server redirects with them; the storefront shows only these (never the
// description a link carries, which anyone can write). Pure, without zod: the callback page loads it.

/** Social (OpenID Connect) sign-in: `error=<reason>`. */
export const OIDC_FAILURE_MESSAGES = {
  provider_not_configured: 'Social sign-in is not configured',
  server_error: 'Social sign-in is unavailable right now. Please try again later.',
  access_denied: 'Sign-in was cancelled at the provider.',
  provider_error: 'The sign-in provider could not sign you in. Please try again.',
  sign_in_expired: 'Your sign-in took too long or was started in another browser. Please try again.',
  state_mismatch: 'This sign-in response does not belong to your sign-in. Please try again.',
  nonce_mismatch: 'The sign-in response could not be verified. Please try again.',
  audience_mismatch: 'The sign-in response was issued to another application.',
  token_expired: 'The sign-in response has expired. Please try again.',
  code_rejected: 'This sign-in response has already been used or has expired. Please try again.',
  invalid_response: 'The sign-in response could not be verified. Please try again.',
  email_missing: 'Your provider account did not share an e-mail address.',
  email_not_verified:
    'Your provider has not verified this e-mail address. Verify it there, or sign in with your password.',
  account_disabled: 'This account has been disabled. Contact your administrator.',
} as const;

/** SAML sign-in: `error=saml_<reason>` (unknown_provider as is). */
export const SAML_FAILURE_MESSAGES = {
  unknown_provider: 'This single sign-on provider is not configured or is disabled.',
  malformed: 'The sign-in response from your identity provider could not be read.',
  signature: 'The sign-in response is not validly signed by your identity provider (signature check failed).',
  issuer: 'The sign-in response comes from another identity provider than the one configured (issuer mismatch).',
  audience: 'The sign-in response was issued for another application (audience mismatch).',
  destination: 'The sign-in response was addressed to another URL (destination or recipient mismatch).',
  expired: 'The sign-in response has expired or is not valid yet. Check the clocks, then sign in again.',
  replay: 'This sign-in response has already been used (replay). Please sign in again.',
  in_response_to:
    'This sign-in response does not answer a sign-in started here (unknown request). Please sign in again.',
  unsolicited: 'Single sign-on must be started from this portal (IdP-initiated sign-in is not allowed).',
  nameid: 'Your identity provider sent no persistent user identifier (NameID).',
  email: 'Your identity provider did not send an e-mail address (NameID or email attribute).',
  account_link: 'This identity provider cannot sign in to an existing account outside its e-mail domains.',
  idp_error: 'Your identity provider could not sign you in. Please try again.',
  account_disabled: 'This account has been disabled. Contact your administrator.',
  invalid: 'The sign-in response could not be verified. Please try again.',
} as const;

export type OidcFailureReason = keyof typeof OIDC_FAILURE_MESSAGES;
export type SamlFailureReason = keyof typeof SAML_FAILURE_MESSAGES;

export function samlErrorCode(reason: SamlFailureReason): string {
  return reason === 'unknown_provider' ? reason : `saml_${reason}`;
}

function isKeyOf<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** The portal's own text for an /auth/callback `error` code; null for a code it never sends. */
export function describeSignInErrorCode(code: string | null): string | null {
  if (!code) return null;
  if (isKeyOf(OIDC_FAILURE_MESSAGES, code)) return OIDC_FAILURE_MESSAGES[code];
  if (code === 'unknown_provider') return SAML_FAILURE_MESSAGES.unknown_provider;
  const reason = code.startsWith('saml_') ? code.slice('saml_'.length) : '';
  return reason !== 'unknown_provider' && isKeyOf(SAML_FAILURE_MESSAGES, reason) ? SAML_FAILURE_MESSAGES[reason] : null;
}
