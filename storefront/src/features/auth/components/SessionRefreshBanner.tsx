import { lazy, Suspense } from 'react';

import { useAuth } from '../hooks/use-auth';

const SessionRefreshAlert = lazy(async () => ({
  default: (await import('./SessionRefreshAlert')).SessionRefreshAlert,
}));

/** provider-portal §4: shown while the session refresh has failed. */
export function SessionRefreshBanner() {
  const { refreshState, refreshNow } = useAuth();
  if (refreshState !== 'failed') return null;
  return (
    <Suspense fallback={null}>
      <SessionRefreshAlert onRefreshNow={() => void refreshNow()} />
    </Suspense>
  );
}
