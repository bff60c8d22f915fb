import type { Db } from '../../database/connection.js';
import * as queries from './reports.queries.js';

/**
 * The company timezone as reports use it, kept for a minute per database handle: the dashboard
 * needs it on every call (for "today") and it changes about never, so a round trip per call was
 * pure overhead. Saving the company settings forgets it at once in this process, and every
 * instance forgets it when the database announces the change (company_settings.changed on the
 * events channel); the minute's expiry only matters while an instance cannot listen. (The rollups
 * themselves never read this copy: their triggers ask PostgreSQL.)
 */
export const TIMEZONE_TTL_MS = 60_000;

const cached = new WeakMap<Db, { timezone: Promise<string>; expiresAt: number }>();

export function reportTimezone(db: Db): Promise<string> {
  const now = performance.now();
  const entry = cached.get(db);
  if (entry && entry.expiresAt > now) return entry.timezone;
  const timezone = queries.selectReportTimezone(db);
  cached.set(db, { timezone, expiresAt: now + TIMEZONE_TTL_MS });
  // A failed read is not kept: the next call asks again.
  timezone.catch(() => {
    if (cached.get(db)?.timezone === timezone) cached.delete(db);
  });
  return timezone;
}

/** Called when the company settings are saved (the timezone may have changed). */
export function forgetReportTimezone(db: Db): void {
  cached.delete(db);
}
