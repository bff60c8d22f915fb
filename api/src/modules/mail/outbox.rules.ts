/** A mail is tried this many times in all; then it stays 'failed' with its last error, for an operator. */
export const MAX_MAIL_ATTEMPTS = 5;

/** How long a sender holds a mail it is sending: one that crashed gives it back after this. */
export const MAIL_LEASE_MS = 5 * 60_000;

/**
 * A freshly queued mail is sent by the request that queued it; the outbox job takes it only once it
 * has waited this long (that request's process ended before sending it).
 */
export const QUEUED_MAIL_GRACE_MS = 2 * 60_000;

/** The wait before attempt n + 1 after n failed ones: 1, 4, 9, 16 minutes. */
export function retryDelayMs(failedAttempts: number): number {
  return failedAttempts * failedAttempts * 60_000;
}
