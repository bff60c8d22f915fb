import { useCallback, useEffect, useState } from 'react';

import { getMfaStatus, type MfaStatus } from '../api/get-mfa-status';

export type MfaStatusState =
  { state: 'loading' } | { state: 'loaded'; status: MfaStatus } | { state: 'error'; message: string };

export function useMfaStatus(): { mfa: MfaStatusState; reload(): void } {
  const [mfa, setMfa] = useState<MfaStatusState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getMfaStatus(controller.signal).then(
      (status) => setMfa({ state: 'loaded', status }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setMfa({ state: 'error', message: error instanceof Error ? error.message : 'Unknown error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  // Keeps showing the last status while it reloads: no flicker after each change.
  const reload = useCallback(() => setAttempt((previous) => previous + 1), []);
  return { mfa, reload };
}
