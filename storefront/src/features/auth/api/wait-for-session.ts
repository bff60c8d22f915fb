import type { SessionResponse } from '@supply-hub/api/contracts';

import { SESSION_POLL_INTERVAL_MS, SESSION_WAIT_TIMEOUT_MS } from '../callback.rules';
import { getSession } from './get-session';

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Polls GET /api/auth/session until it answers a session; null on timeout or when aborted. */
export async function waitForSession(signal: AbortSignal): Promise<SessionResponse | null> {
  const deadline = Date.now() + SESSION_WAIT_TIMEOUT_MS;
  while (!signal.aborted) {
    try {
      const session = await getSession(signal);
      if (session) return session;
    } catch {
      // A network hiccup or an abort: the loop condition and the deadline decide.
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) return null;
    await delay(Math.min(SESSION_POLL_INTERVAL_MS, remaining), signal);
  }
  return null;
}
