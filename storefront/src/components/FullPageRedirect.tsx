import { useEffect } from 'react';

import { LoadingScreen } from './LoadingScreen';

/** Leaves this single-page app for another one on the same origin (the back office under /admin). */
export function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.assign(to);
  }, [to]);
  return <LoadingScreen />;
}
