import { Navigate } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { homeFor } from '../access.rules';
import { useAuth } from '../hooks/use-auth';
import { RedirectTo } from './RedirectTo';

/**
 * '/', '/dashboard' and unknown paths (provider-portal §2): admins and super admins to
 * /admin/dashboard, finance to /admin/reports (both the back office: a full page load), everyone
 * else to /catalog. Only a 'Loading' text while the role loads.
 */
export function RoleRedirect() {
  const { status, session } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  if (!session) return <Navigate to="/login" replace />;
  return <RedirectTo destination={homeFor(session)} />;
}
