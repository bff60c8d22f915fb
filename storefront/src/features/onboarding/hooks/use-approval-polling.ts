import { useEffect } from 'react';

/** Fallback for the live profile updates: re-read the session every 10 s while waiting. */
export const APPROVAL_POLL_INTERVAL_MS = 10_000;

export function useApprovalPolling(isWaiting: boolean, reloadSession: () => Promise<void>): void {
  useEffect(() => {
    if (!isWaiting) return;
    const timer = window.setInterval(() => void reloadSession(), APPROVAL_POLL_INTERVAL_MS);
    // Coming back to the tab is a good moment to look again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reloadSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isWaiting, reloadSession]);
}
