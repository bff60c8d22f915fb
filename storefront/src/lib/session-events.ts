/**
 * 'The server says this browser has no session (any more)': raised by the HTTP client for every 401
 * whose code means exactly that, heard by the session provider, which signs the tab out so the route
 * guard sends the user to /login with the path kept (provider-portal §8). The client itself only
 * reports; what the screen does about it belongs to the router's side (STYLE.md).
 */
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['NOT_AUTHENTICATED', 'SESSION_EXPIRED', 'ACCOUNT_DISABLED']);

const target = new EventTarget();
const SESSION_ENDED = 'session-ended';

export function isSessionEndedAnswer(status: number, code: string): boolean {
  return status === 401 && SESSION_ENDED_CODES.has(code);
}

export function reportSessionEnded(): void {
  target.dispatchEvent(new Event(SESSION_ENDED));
}

/** Calls `listener` at each 401 'not signed in' answer; returns the unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  target.addEventListener(SESSION_ENDED, listener);
  return () => target.removeEventListener(SESSION_ENDED, listener);
}
