import { useEffect } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation } from 'react-router';

import type { Permissions } from '../providers/authProvider';
import { DebugPanel } from './debug/DebugPanel';

/** /admin/debug (admin-portal §2.11): only with ?debug=1 and role admin; anyone else goes to /login. */
export default function DebugPage() {
  const { permissions, isPending } = usePermissions<Permissions>();
  const { search } = useLocation();
  const isDebugRequested = new URLSearchParams(search).get('debug') === '1';
  const isAllowed = isDebugRequested && (permissions?.isAdmin ?? false);

  useEffect(() => {
    // The sign-in page lives in the storefront: a full page load. It says why to a signed-in visitor
    // (rather than moving them on to their home, which looked like a redirect to the dashboard).
    if (!isPending && !isAllowed) window.location.assign('/login?denied=debug');
  }, [isPending, isAllowed]);

  if (isPending || !isAllowed) return null;
  return <DebugPanel />;
}
