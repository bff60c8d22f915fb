import type {
  EffectiveRole,
  Profile,
  Role,
  SessionResponse,
  SignInInput,
  SignUpInput,
} from '@supply-hub/api/contracts';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** provider-portal §4 session refresh: idle, refreshing, failed. */
export type RefreshState = 'idle' | 'refreshing' | 'failed';

/** What a password sign-in led to; 'mfa_required' has no session yet (the code step follows). */
export type SignInOutcome =
  { status: 'mfa_required' } | { status: 'signed_in' | 'mfa_enrollment_required'; session: SessionResponse };

export interface AuthContextValue {
  status: AuthStatus;
  isLoading: boolean;
  session: SessionResponse | null;
  user: SessionResponse['user'] | null;
  profile: Profile | null;
  roles: readonly Role[];
  effectiveRole: EffectiveRole | null;
  isAdmin: boolean;
  refreshState: RefreshState;
  /** True for 500 ms after a sign-in: the guard waits instead of sending the user to /login. */
  justLoggedIn: boolean;
  signIn(input: SignInInput): Promise<SignInOutcome>;
  /** The second step of a sign-in: a 6-digit code or a recovery code. */
  verifyMfa(code: string): Promise<SessionResponse>;
  /** Asks for the sign-up mail; resolves to the message to show ('check your e-mail'). */
  signUp(input: SignUpInput): Promise<string>;
  /** The link of the sign-up mail: creates the account and starts its session. */
  confirmSignUp(token: string): Promise<SessionResponse>;
  signOut(): Promise<void>;
  /** Re-reads the session (after a profile change); keeps the current state on a network error. */
  reloadSession(): Promise<void>;
  /** The banner's 'Refresh now'. */
  refreshNow(): Promise<void>;
  /** Puts a profile the server just returned into the session. */
  applyProfile(profile: Profile): void;
  /** A session started outside this app (social or SAML sign-in) and read back at the callback. */
  adoptSession(session: SessionResponse): void;
  markJustLoggedIn(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
