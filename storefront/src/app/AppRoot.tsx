import { Outlet } from 'react-router-dom';

import { AuthProvider } from '../features/auth';

/** The root route: the session provider lives inside the router so sign-out can navigate. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
