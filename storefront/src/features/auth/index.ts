// The auth feature's public face: other features and the app shell import only from here.
export { AuthProvider, sessionAtStart } from './components/AuthProvider';
export { ProtectedRoute } from './components/ProtectedRoute';
export { RoleRedirect } from './components/RoleRedirect';
export { SessionRefreshBanner } from './components/SessionRefreshBanner';
export { SignedInIdentity } from './components/SignedInIdentity';
export { UserMenu } from './components/UserMenu';
export {
  useAuth,
  type AuthContextValue,
  type AuthStatus,
  type RefreshState,
  type SignInOutcome,
} from './hooks/use-auth';
export { APP_HOME, hasAllowedRole, isAwaitingApproval, needsOnboarding, ONBOARDING_PATH } from './access.rules';
export {
  isCallbackTimeoutState,
  readCallbackError,
  SESSION_WAIT_TIMEOUT_MS,
  type CallbackError,
} from './callback.rules';
export { samlSignInPath } from './sso-paths';
