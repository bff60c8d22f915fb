import { Navigate } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';

/**
 * '/', '/dashboard' and unknown paths. There is no session API yet, so everyone goes to /login;
 * the redirect by role (admins to /admin/dashboard, finance to /admin/reports, others to /catalog)
 * comes with the identity issue.
 */
export function RoleRedirect() {
  return (
    <>
      <LoadingScreen />
      <Navigate to="/login" replace />
    </>
  );
}
