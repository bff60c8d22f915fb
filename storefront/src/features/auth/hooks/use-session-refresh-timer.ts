import { useEffect } from 'react';

/** provider-portal §4 and §9: check every 30 s, refresh when fewer than 300 s remain. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_THRESHOLD_MS = 300_000;

export function useSessionRefreshTimer(expiresAt: string | null, refresh: () => void): void {
  useEffect(() => {
    if (!expiresAt) return;
    const expiresAtMs = Date.parse(expiresAt);
    const timer = window.setInterval(() => {
      if (expiresAtMs - Date.now() < REFRESH_THRESHOLD_MS) refresh();
    }, REFRESH_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [expiresAt, refresh]);
}
