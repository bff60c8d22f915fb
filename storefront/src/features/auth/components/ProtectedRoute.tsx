import type { Role } from '@supply-hub/api/contracts/roles.rules';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import {
  destinationWhenRefused,
  hasAllowedRole,
  needsOnboarding,
  ONBOARDING_PATH,
  PENDING_APPROVAL_PATH,
  type RedirectState,
} from '../access.rules';
import { useAuth } from '../hooks/use-auth';
import { RedirectTo } from './RedirectTo';

interface ProtectedRouteProps {
  /** A single role or a list; 'admin' includes super_admin. Omitted: any signed-in user. */
  allowedRoles?: readonly Role[];
  /** The app routes also demand a completed onboarding and an approved account. */
  requireApprovedAccount?: boolean;
}

/** provider-portal §4 route guard, around the routes it protects (renders them through <Outlet />). */
export function ProtectedRoute({ allowedRoles, requireApprovedAccount = false }: ProtectedRouteProps) {
  const { status, session, refreshState, justLoggedIn } = useAuth();
  const location = useLocation();

  const isWaiting = status === 'loading' || (!session && (refreshState === 'refreshing' || justLoggedIn));
  if (isWaiting) return <LoadingScreen label="Loading..." fullScreen />;

  if (!session) {
    const state: RedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }

  if (allowedRoles && !hasAllowedRole(session.roles, allowedRoles)) {
    return <RedirectTo destination={destinationWhenRefused(session.roles)} />;
  }

  if (requireApprovedAccount) {
    if (needsOnboarding(session.profile)) return <Navigate to={ONBOARDING_PATH} replace />;
    if (!session.profile?.onboarding_approved) return <Navigate to={PENDING_APPROVAL_PATH} replace />;
  }

  return <Outlet />;
}
