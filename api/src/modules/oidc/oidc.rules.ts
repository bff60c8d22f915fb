import { OIDC_FAILURE_MESSAGES, type OidcFailureReason } from '../../contracts/sign-in-errors.js';

/** Why a social sign-in did not end in a session: the stable `error` code /auth/callback receives. */
export type { OidcFailureReason };

export interface OidcFailure {
  reason: OidcFailureReason;
  message: string;
}

export function describeOidcFailure(reason: OidcFailureReason): OidcFailure {
  return { reason, message: OIDC_FAILURE_MESSAGES[reason] };
}

/** Where the browser lands after a failure; encodeURIComponent keeps spaces as %20 (not '+'). */
export function failureLocation(failure: OidcFailure): string {
  return `/auth/callback?error=${encodeURIComponent(failure.reason)}&error_description=${encodeURIComponent(failure.message)}`;
}

export function successLocation(returnTo: string | undefined): string {
  return returnTo ? `/auth/callback?redirect=${encodeURIComponent(returnTo)}` : '/auth/callback';
}

/** A path on this portal only: one leading slash, no '//' or '/\' (both mean another host to a browser). */
export function isLocalPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 1000 &&
    /^\/(?![/\\])/.test(value) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

/**
 * The failure an openid-client (oauth4webapi) error stands for, by its stable codes: `code`, the
 * OAuth `error` and the JWT claim that failed. Network and unknown errors are server errors.
 */
export function reasonForProtocolError(error: unknown): OidcFailureReason {
  const { code, error: oauthError } = (error ?? {}) as { code?: unknown; error?: unknown };
  const claim = failedClaimOf(error);
  switch (code) {
    case 'OAUTH_AUTHORIZATION_RESPONSE_ERROR':
      return oauthError === 'access_denied' ? 'access_denied' : 'provider_error';
    case 'OAUTH_RESPONSE_BODY_ERROR':
      return oauthError === 'invalid_grant' ? 'code_rejected' : 'provider_error';
    case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
      if (claim === 'aud' || claim === 'azp') return 'audience_mismatch';
      return claim === 'nonce' ? 'nonce_mismatch' : 'invalid_response';
    case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
      return claim === 'exp' ? 'token_expired' : 'invalid_response';
    case 'OAUTH_INVALID_RESPONSE':
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED':
    case 'OAUTH_KEY_SELECTION_FAILED':
    case 'OAUTH_PARSE_ERROR':
      return 'invalid_response';
    default:
      return 'server_error';
  }
}

/** openid-client wraps oauth4webapi's error, whose cause names the claim: look a few causes deep. */
function failedClaimOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { claim, cause } = current as { claim?: unknown; cause?: unknown };
    if (typeof claim === 'string') return claim;
    current = cause;
  }
  return undefined;
}

export interface IdentityClaims {
  subject: string;
  email: string;
  isEmailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

/** The ID token claims we use; undefined without a subject or an e-mail. */
export function identityFromClaims(claims: Record<string, unknown> | undefined): IdentityClaims | undefined {
  const { sub, email, email_verified, given_name, family_name } = claims ?? {};
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email) return undefined;
  return {
    subject: sub,
    email,
    isEmailVerified: email_verified === true,
    firstName: typeof given_name === 'string' ? given_name : undefined,
    lastName: typeof family_name === 'string' ? family_name : undefined,
  };
}
