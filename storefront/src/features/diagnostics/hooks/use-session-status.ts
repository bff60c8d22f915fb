import { useCallback, useEffect, useState } from 'react';

import { getSessionStatus, type SessionStatus } from '../api/get-session-status';

/** The server's own answer about the session (not the app's cached one), with a way to ask again. */
export function useSessionStatus(): { sessionStatus: SessionStatus; recheck(): void } {
  const [sessionStatus, setSessionStatus] = useState<SessionStatus>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getSessionStatus(controller.signal).then(setSessionStatus, () => undefined);
    return () => controller.abort();
  }, [attempt]);

  const recheck = useCallback(() => {
    setSessionStatus({ state: 'checking' });
    setAttempt((previous) => previous + 1);
  }, []);
  return { sessionStatus, recheck };
}
