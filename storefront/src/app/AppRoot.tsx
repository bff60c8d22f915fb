import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';

import { LoadingScreen } from '../components/LoadingScreen';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { AuthProvider } from '../features/auth';

/**
 * The root route: the session provider lives inside the router so sign-out can navigate. A screen
 * that fails shows the error page in place of everything, session included, until the next navigation.
 */
export function AppRoot() {
  return (
    <RouteErrorBoundary>
      <AuthProvider>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </AuthProvider>
    </RouteErrorBoundary>
  );
}
