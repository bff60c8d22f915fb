import { Gauge, Registry } from 'prom-client';

import type { Db } from '../database/connection.js';
import { MAX_MAIL_ATTEMPTS } from '../modules/mail/outbox.rules.js';
import { collectProcessMetrics, processRegistry } from './metrics.js';
import { readOutboxBacklog, readPoolUsage } from './metrics.queries.js';

/**
 * A scrape that waits longer than this for the outbox reads NaN for it instead: when the pool is
 * exhausted (the moment the pool gauges matter most), the scrape must still answer in time.
 */
const OUTBOX_READ_TIMEOUT_MS = 2_000;

export interface Scrape {
  contentType: string;
  /** The process's counters and this portal's database gauges, in Prometheus's text format. */
  render(): Promise<string>;
}

/**
 * The gauges read from this portal's database handle when Prometheus scrapes (collect()), in a
 * registry of the portal's own, rendered together with the process's registry.
 */
export function createScrape(db: Db): Scrape {
  collectProcessMetrics();
  const registry = new Registry();
  const pool = (name: string, help: string, read: (usage: NonNullable<ReturnType<typeof readPoolUsage>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const usage = readPoolUsage(db);
        this.set(usage ? read(usage) : 0);
      },
    });
  pool('supply_hub_db_pool_in_use', 'Database connections lent out to queries now', (usage) => usage.inUse);
  pool('supply_hub_db_pool_idle', 'Database connections open and free now', (usage) => usage.idle);
  pool('supply_hub_db_pool_waiting', 'Queries waiting for a database connection now', (usage) => usage.waiting);
  pool('supply_hub_db_pool_max', 'The most connections this instance opens', (usage) => usage.max);

  // Both outbox gauges come from one query per scrape, shared by their collect().
  let backlog: Promise<{ depth: number; oldestAgeSeconds: number }> | undefined;
  const readBacklog = () => {
    backlog ??= withTimeout(readOutboxBacklog(db, MAX_MAIL_ATTEMPTS), OUTBOX_READ_TIMEOUT_MS)
      .catch(() => ({ depth: Number.NaN, oldestAgeSeconds: Number.NaN }))
      .finally(() => setImmediate(() => (backlog = undefined)));
    return backlog;
  };
  new Gauge({
    name: 'supply_hub_mail_outbox_depth',
    help: 'Mail still to send (pending, or failed with attempts left); the same on every instance',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).depth);
    },
  });
  new Gauge({
    name: 'supply_hub_mail_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest mail still to send has waited (0 when none); the same on every instance',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestAgeSeconds);
    },
  });

  const merged = Registry.merge([processRegistry, registry]);
  return { contentType: merged.contentType, render: () => merged.metrics() };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
