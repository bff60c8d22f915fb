import type { Db } from '../database/connection.js';

/** What Knex's connection pool (tarn) tells about itself; read without touching the database. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

export interface PoolUsage {
  inUse: number;
  idle: number;
  /** Queries waiting for a connection: above 0 for long, the pool is too small or a query too slow. */
  waiting: number;
  max: number;
}

/** The handle's pool as it is now; undefined once the handle is destroyed (the pool is gone). */
export function readPoolUsage(db: Db): PoolUsage | undefined {
  const pool = (db.client as { pool?: TarnPool | null }).pool;
  if (!pool) return undefined;
  return { inUse: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires(), max: pool.max };
}

export interface OutboxBacklog {
  /** Mail still to send: pending, or failed with attempts left. */
  depth: number;
  /** How long the oldest of them has waited, by the database's clock; 0 when there is none. */
  oldestAgeSeconds: number;
}

/**
 * The outbox's backlog in one aggregate over the partial index of mail still to send
 * (email_outbox_due_index), which holds only that backlog, however many delivered mails the table keeps.
 */
export async function readOutboxBacklog(db: Db, maxAttempts: number): Promise<OutboxBacklog> {
  const result = await db.raw<{ rows: { depth: number; oldest_age_seconds: number }[] }>(
    `SELECT count(*)::int AS depth,
            coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_age_seconds
     FROM email_outbox
     WHERE status IN ('pending', 'failed') AND attempts < ?`,
    [maxAttempts],
  );
  const row = result.rows[0];
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest_age_seconds ?? 0) };
}
