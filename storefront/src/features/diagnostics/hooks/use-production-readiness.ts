import { useEffect, useState } from 'react';

import { getMfaPolicy } from '../api/get-mfa-policy';
import { getPunchoutSettings } from '../api/get-punchout-settings';
import { getServerHealth } from '../api/get-server-health';
import type { ReadinessInput, Source } from '../production-readiness.rules';

function useSource<T>(load: (signal: AbortSignal) => Promise<T>, isEnabled: boolean): Source<T> {
  const [source, setSource] = useState<Source<T>>({ state: 'loading' });
  useEffect(() => {
    if (!isEnabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setSource({ state: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSource({ state: 'error', message: error instanceof Error ? error.message : 'Unknown error' });
      },
    );
    return () => controller.abort();
  }, [load, isEnabled]);
  return source;
}

/** The readiness sources, read once the viewer is known to be an administrator. */
export function useProductionReadiness(isAdmin: boolean): ReadinessInput {
  return {
    health: useSource(getServerHealth, isAdmin),
    mfa: useSource(getMfaPolicy, isAdmin),
    punchout: useSource(getPunchoutSettings, isAdmin),
  };
}
