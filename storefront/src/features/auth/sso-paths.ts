/** Where the browser goes to start a social or SAML sign-in; both come back to /auth/callback. */
export const SOCIAL_SIGN_IN_PATH = '/api/auth/oidc/start';

export function socialSignInPath(redirect: string | null): string {
  return redirect ? `${SOCIAL_SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}` : SOCIAL_SIGN_IN_PATH;
}

export function samlSignInPath(providerId: string, relayState: string | null = null): string {
  const path = `/api/auth/saml/${encodeURIComponent(providerId)}/start`;
  return relayState ? `${path}?RelayState=${encodeURIComponent(relayState)}` : path;
}
