/** provider-portal §4 and §9: after a social or SAML sign-in, wait up to 7 s for the session, every 150 ms. */
export const SESSION_WAIT_TIMEOUT_MS = 7_000;
export const SESSION_POLL_INTERVAL_MS = 150;

export const SSO_DOCTOR_PATH = '/sso-doctor';

export interface CallbackError {
  error: string | null;
  error_description: string | null;
  error_code: string | null;
}

/** Providers put their error in the query string or, in the implicit style, in the hash. */
export function readCallbackError(search: string, hash: string): CallbackError | null {
  for (const source of [search, hash]) {
    const params = new URLSearchParams(source.replace(/^[?#]/, ''));
    const failure: CallbackError = {
      error: params.get('error'),
      error_description: params.get('error_description'),
      error_code: params.get('error_code'),
    };
    if (failure.error !== null || failure.error_description !== null || failure.error_code !== null) return failure;
  }
  return null;
}

/** OAuth's code for a sign-in the user refused or cancelled at the provider (RFC 6749 §4.1.2.1). */
export function isCancelledSignIn(failure: CallbackError): boolean {
  return failure.error === 'access_denied';
}

/** The location state /sso-doctor receives when the session never arrived. */
export interface CallbackTimeoutState {
  callbackTimedOut: true;
}

export function isCallbackTimeoutState(state: unknown): state is CallbackTimeoutState {
  return (
    typeof state === 'object' && state !== null && (state as { callbackTimedOut?: unknown }).callbackTimedOut === true
  );
}
