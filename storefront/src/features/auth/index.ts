// The auth feature's public face: other features and the app shell import only from here.
export { AuthProvider } from './components/AuthProvider';
export { ProtectedRoute } from './components/ProtectedRoute';
export { RoleRedirect } from './components/RoleRedirect';
export { SessionRefreshBanner } from './components/SessionRefreshBanner';
export { UserMenu } from './components/UserMenu';
export { useAuth, type AuthContextValue, type AuthStatus, type RefreshState } from './hooks/use-auth';
export { APP_HOME, hasAllowedRole, isAwaitingApproval, needsOnboarding, ONBOARDING_PATH } from './access.rules';
