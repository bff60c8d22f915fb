import type { Profile, SessionResponse, SignInInput, SignUpInput } from '@supply-hub/api/contracts';
import { effectiveRole, isAdmin } from '@supply-hub/api/contracts/roles.rules';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { useToast } from '../../../components/ToastProvider';
import { ApiError, isApiError } from '../../../lib/api-client';
import { subscribeToServerEvent } from '../../../lib/server-events';
import { onSessionEnded } from '../../../lib/session-events';
import { useMemoObject } from '../../../lib/use-memo-object';
import { getSession } from '../api/get-session';
import { refreshSession } from '../api/refresh-session';
import { signIn as requestSignIn } from '../api/sign-in';
import { signOut as requestSignOut } from '../api/sign-out';
import { confirmSignUp as requestConfirmSignUp, signUp as requestSignUp } from '../api/sign-up';
import { verifyMfa as requestVerifyMfa } from '../api/verify-mfa';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  type RefreshState,
  type SignInOutcome,
} from '../hooks/use-auth';
import { useSessionRefreshTimer } from '../hooks/use-session-refresh-timer';

/**
 * The first session read starts when this code loads rather than after React's first render: every
 * screen waits for it. The provider takes it over once (later reads are its own).
 */
const firstSessionAnswer = getSession();
firstSessionAnswer.catch(() => undefined);
let firstSessionRead: Promise<SessionResponse | null> | undefined = firstSessionAnswer;

/**
 * The session as the start-up read found it (null when signed out or unreadable). A screen's first
 * data request waits for it: asked before, a signed-out visit made a needless 401 on the way to /login.
 */
export function sessionAtStart(): Promise<SessionResponse | null> {
  return firstSessionAnswer.catch(() => null);
}

/** provider-portal §9: the route guard's grace period after a sign-in. */
const JUST_LOGGED_IN_GRACE_MS = 500;

/** Signed out: one empty list, so the context value stays the same object from render to render. */
const NO_ROLES: AuthContextValue['roles'] = [];

function isAboutUser(data: unknown, userId: string): boolean {
  if (typeof data !== 'object' || data === null || !('user_id' in data)) return true;
  return (data as { user_id: unknown }).user_id === userId;
}

/** The signed-in user's session, profile and roles, kept fresh: refresh loop and live profile updates. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [session, setSession] = useState<SessionResponse | null>(null);
  const [refreshState, setRefreshState] = useState<RefreshState>('idle');
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  // Bumped at every sign-in and sign-out, so an answer to an older request cannot overwrite the newer state.
  const generationRef = useRef(0);
  const isRefreshingRef = useRef(false);
  const graceTimerRef = useRef<number | undefined>(undefined);

  // Whose data the query cache holds; undefined until the first read answered.
  const cachedUserIdRef = useRef<string | null | undefined>(undefined);
  const applySession = useCallback(
    (next: SessionResponse | null) => {
      const userId = next?.user.id ?? null;
      // Another user (or none): nothing cached for the previous one (cart, orders, prices) may show.
      if (cachedUserIdRef.current !== undefined && cachedUserIdRef.current !== userId) queryClient.clear();
      cachedUserIdRef.current = userId;
      setSession(next);
      setStatus(next ? 'authenticated' : 'unauthenticated');
    },
    [queryClient],
  );

  const markJustLoggedIn = useCallback(() => {
    setJustLoggedIn(true);
    window.clearTimeout(graceTimerRef.current);
    graceTimerRef.current = window.setTimeout(() => setJustLoggedIn(false), JUST_LOGGED_IN_GRACE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(graceTimerRef.current), []);

  const reloadSession = useCallback(async () => {
    const generation = generationRef.current;
    try {
      const next = await getSession();
      if (generation === generationRef.current) applySession(next);
    } catch {
      // A network or server error says nothing about the session: keep what we have.
    }
  }, [applySession]);

  // The first read: until it answers, guards and the sign-in page show 'Loading...'.
  useEffect(() => {
    const generation = generationRef.current;
    const settle = (next: SessionResponse | null) => {
      // A transition: the first signed-in screen then renders in short slices, not one long task.
      if (generation === generationRef.current) startTransition(() => applySession(next));
    };
    const read = firstSessionRead ?? getSession();
    firstSessionRead = undefined;
    read.then(settle, () => settle(null));
  }, [applySession]);

  /** After the server started a session (sign-in, second step, sign-up): read it and make it current. */
  const takeNewSession = useCallback(
    async (generation: number) => {
      markJustLoggedIn();
      const next = await getSession();
      if (!next) throw new ApiError(401, 'NOT_AUTHENTICATED', 'Auth session missing!');
      if (generation === generationRef.current) {
        setRefreshState('idle');
        applySession(next);
      }
      return next;
    },
    [applySession, markJustLoggedIn],
  );

  const signIn = useCallback(
    async (input: SignInInput): Promise<SignInOutcome> => {
      const generation = ++generationRef.current;
      const response = await requestSignIn(input);
      if (response.status === 'mfa_required') return { status: 'mfa_required' };
      return { status: response.status, session: await takeNewSession(generation) };
    },
    [takeNewSession],
  );
  const verifyMfa = useCallback(
    async (code: string) => {
      const generation = ++generationRef.current;
      await requestVerifyMfa(code);
      return takeNewSession(generation);
    },
    [takeNewSession],
  );
  const signUp = useCallback(async (input: SignUpInput) => (await requestSignUp(input)).message, []);
  const confirmSignUp = useCallback(
    async (token: string) => {
      const generation = ++generationRef.current;
      await requestConfirmSignUp(token);
      return takeNewSession(generation);
    },
    [takeNewSession],
  );

  const adoptSession = useCallback(
    (next: SessionResponse) => {
      generationRef.current += 1;
      markJustLoggedIn();
      setRefreshState('idle');
      applySession(next);
    },
    [applySession, markJustLoggedIn],
  );

  const signOut = useCallback(async () => {
    generationRef.current += 1;
    try {
      await requestSignOut();
    } catch {
      // The local state is cleared either way; the server session ends at its own expiry.
    }
    applySession(null);
    setRefreshState('idle');
    navigate('/login', { replace: true });
  }, [applySession, navigate]);

  const refresh = useCallback(
    async (isManual: boolean) => {
      if (isRefreshingRef.current) return;
      isRefreshingRef.current = true;
      const generation = generationRef.current;
      setRefreshState('refreshing');
      try {
        const next = await refreshSession();
        if (generation !== generationRef.current) return;
        applySession(next);
        setRefreshState('idle');
      } catch (error) {
        if (generation !== generationRef.current) return;
        // 'Refresh now' on a session the server has already ended: sign in again (the guard sends to /login).
        if (isManual && isApiError(error) && error.status === 401) {
          applySession(null);
          setRefreshState('idle');
          return;
        }
        setRefreshState('failed');
      } finally {
        isRefreshingRef.current = false;
      }
    },
    [applySession],
  );
  const refreshInBackground = useCallback(() => void refresh(false), [refresh]);
  const refreshNow = useCallback(() => refresh(true), [refresh]);
  useSessionRefreshTimer(session?.expires_at ?? null, refreshInBackground);

  // A session that ended while the tab was open (expired, signed out elsewhere, account disabled):
  // any API call answering 401 'not signed in' signs this tab out, and the route guard sends the
  // user to /login with the path kept (provider-portal §8). Once, here, not per screen.
  const hasSession = session !== null;
  useEffect(() => {
    if (!hasSession) return;
    return onSessionEnded(() => {
      generationRef.current += 1;
      applySession(null);
      setRefreshState('idle');
      // After the failed call's own handler (a screen's 'could not be added' toast): this one replaces it.
      window.setTimeout(() =>
        showToast({ title: 'Your session has expired. Please sign in again.', severity: 'info' }),
      );
    });
  }, [hasSession, applySession, showToast]);

  // An admin's approval (or any change to the user's own profile) arrives live.
  const userId = session?.user.id;
  useEffect(() => {
    if (!userId) return;
    return subscribeToServerEvent('profile.updated', (data) => {
      if (isAboutUser(data, userId)) void reloadSession();
    });
  }, [userId, reloadSession]);

  const applyProfile = useCallback((profile: Profile) => {
    setSession((previous) => (previous && previous.user.id === profile.user_id ? { ...previous, profile } : previous));
  }, []);

  const roles = session?.roles ?? NO_ROLES;
  const value = useMemoObject<AuthContextValue>({
    status,
    isLoading: status === 'loading',
    session,
    user: session?.user ?? null,
    profile: session?.profile ?? null,
    roles,
    effectiveRole: session ? effectiveRole(roles) : null,
    isAdmin: isAdmin(roles),
    refreshState,
    justLoggedIn,
    signIn,
    verifyMfa,
    signUp,
    confirmSignUp,
    signOut,
    reloadSession,
    refreshNow,
    applyProfile,
    adoptSession,
    markJustLoggedIn,
  });

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
