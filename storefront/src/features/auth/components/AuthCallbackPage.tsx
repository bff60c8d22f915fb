import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { preloadToasts, useToast } from '../../../components/ToastProvider';
import { saveLastSamlError } from '../../../lib/sso-storage';
import { readRedirectPath } from '../access.rules';
import { waitForSession } from '../api/wait-for-session';
import { isCancelledSignIn, readCallbackError, SSO_DOCTOR_PATH, type CallbackTimeoutState } from '../callback.rules';
import { useAuth } from '../hooks/use-auth';
import { SignInCancelledPage } from './SignInCancelledPage';

/**
 * /auth/callback and its aliases (provider-portal §2 and §4, admin-portal §2.11). The server has
 * already redeemed the code or the assertion: an error goes, noted locally, to the SSO Doctor (a
 * sign-in cancelled at the provider first to a plain 'Sign-in was cancelled' page);
 * otherwise the session is awaited and /login sends the user on, with the redirect kept.
 */
export function AuthCallbackPage() {
  const { adoptSession, markJustLoggedIn } = useAuth();
  const showToast = useToast();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  // Cancelled at the provider: nothing to diagnose first (the error is still stored for the SSO Doctor).
  const callbackError = readCallbackError(search, hash);
  const wasCancelled = callbackError !== null && isCancelledSignIn(callbackError);

  useEffect(() => {
    const failure = readCallbackError(search, hash);
    if (failure) {
      saveLastSamlError({ ...failure, timestamp: new Date().toISOString() });
      if (!isCancelledSignIn(failure)) navigate(SSO_DOCTOR_PATH, { replace: true });
      return;
    }

    const redirect = readRedirectPath(new URLSearchParams(search).get('redirect'));
    const controller = new AbortController();
    // A timeout ends in a toast, with no click to fetch its code before.
    preloadToasts();
    markJustLoggedIn();
    void waitForSession(controller.signal).then((session) => {
      if (controller.signal.aborted) return;
      if (session) {
        adoptSession(session);
        navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
        return;
      }
      showToast({
        title: 'SSO Error',
        description: 'Session initialization timeout. Please try logging in again.',
        severity: 'error',
      });
      const state: CallbackTimeoutState = { callbackTimedOut: true };
      navigate(SSO_DOCTOR_PATH, { replace: true, state });
    });
    return () => controller.abort();
  }, [search, hash, adoptSession, markJustLoggedIn, navigate, showToast]);

  if (wasCancelled) return <SignInCancelledPage />;
  return <LoadingScreen label="Loading..." fullScreen />;
}
