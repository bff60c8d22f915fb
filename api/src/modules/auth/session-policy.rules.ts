/** Server-side session limits (decisions.md, Sign-in): idle timeout and absolute lifetime. */
export interface SessionLimits {
  idleTimeoutMs: number;
  absoluteLifetimeMs: number;
}

export interface SessionClock {
  createdAt: number;
  lastSeenAt: number;
}

/** The idle clock is written at most this often, so a busy client does not write on every request. */
export const TOUCH_INTERVAL_MS = 60_000;

export type SessionState =
  { isValid: false; reason: 'idle' | 'absolute' } | { isValid: true; shouldTouch: boolean; expiresAt: number };

export function evaluateSession(clock: SessionClock, limits: SessionLimits, now: number): SessionState {
  if (now >= clock.createdAt + limits.absoluteLifetimeMs) return { isValid: false, reason: 'absolute' };
  if (now >= clock.lastSeenAt + limits.idleTimeoutMs) return { isValid: false, reason: 'idle' };
  const shouldTouch = now - clock.lastSeenAt >= TOUCH_INTERVAL_MS;
  return {
    isValid: true,
    shouldTouch,
    expiresAt: sessionExpiry({ ...clock, lastSeenAt: shouldTouch ? now : clock.lastSeenAt }, limits),
  };
}

export function sessionExpiry(clock: SessionClock, limits: SessionLimits): number {
  return Math.min(clock.createdAt + limits.absoluteLifetimeMs, clock.lastSeenAt + limits.idleTimeoutMs);
}
