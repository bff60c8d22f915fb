import type { Role, SessionResponse } from '@supply-hub/api/contracts';
import type { AuthProvider, UserIdentity } from 'react-admin';

/**
 * What the screens act on: the roles, and the server's own "is admin" (decisions.md: one predicate,
 * computed by the API from the shared contract, so the first bundle carries no schema library).
 */
export interface Permissions {
  roles: Role[];
  isAdmin: boolean;
  /** An admin who must set up two-step sign-in (in the storefront's Settings) before anything else. */
  mustEnrollMfa: boolean;
}

/** Sends the browser to the storefront's sign-in page, which lives outside this app. */
function goToSignIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
}

let sessionInFlight: Promise<SessionResponse | undefined> | undefined;

/** react-admin asks checkAuth, getPermissions and getIdentity together: concurrent asks share one request. */
function fetchSession(): Promise<SessionResponse | undefined> {
  sessionInFlight ??= requestSession().finally(() => {
    sessionInFlight = undefined;
  });
  return sessionInFlight;
}

async function requestSession(): Promise<SessionResponse | undefined> {
  const response = await fetch('/api/auth/session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return undefined;
  if (!response.ok) throw new Error(`Session check failed (${response.status})`);
  return (await response.json()) as SessionResponse;
}

/** The server session is the only source of truth: react-admin asks it, never a token of its own. */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  async logout() {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
    window.location.assign('/login');
    return false;
  },
  async checkAuth() {
    // Only the server's own "not signed in" ends the visit: react-admin signs the user out when this
    // throws, and a check that failed (a restart, a network blip) says nothing about the session.
    // The page's requests then show their own errors; RoleGate offers a retry.
    const session = await fetchSession().catch(() => 'unknown' as const);
    if (session) return;
    goToSignIn();
    throw { message: false, redirectTo: false };
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      goToSignIn();
      throw { message: false, redirectTo: false };
    }
  },
  async getPermissions(): Promise<Permissions> {
    const session = await fetchSession();
    return {
      roles: session?.roles ?? [],
      isAdmin: session?.is_admin ?? false,
      mustEnrollMfa: session?.mfa_enrollment_required ?? false,
    };
  },
  async getIdentity(): Promise<UserIdentity> {
    const session = await fetchSession();
    if (!session) throw new Error('Not signed in');
    const name = [session.profile?.first_name, session.profile?.last_name].filter(Boolean).join(' ');
    return { id: session.user.id, fullName: name || session.user.email };
  },
};
