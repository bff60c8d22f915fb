import type { AppConfig } from './config.js';
import type { Db } from './database/connection.js';
import type { ReportsReader } from './database/reports-reader.js';
import type { Logger } from './logger.js';

/** Who is acting: a signed-in user, an operator at the CLI, or the system (jobs). */
export type Actor =
  | { kind: 'user'; userId: string; label: string }
  | { kind: 'cli'; label: string }
  | { kind: 'system'; label: 'system' }
  | { kind: 'anonymous'; label: 'anonymous' };

export const SYSTEM_ACTOR: Actor = { kind: 'system', label: 'system' };

/** What every service function receives: the database handle first, then the rest of the world. */
export interface ServiceContext {
  db: Db;
  config: AppConfig;
  log: Logger;
  now: () => Date;
  actor: Actor;
  requestId?: string;
  clientAddress?: string;
  /** Where report reads may go (a streaming replica); absent, they read `db`. */
  reports?: ReportsReader;
}

/**
 * Runs the database reads of a report: on the replica while it keeps up, else on `ctx.db`. Only
 * reports, budget-vs-actual, exports and the recall lookup use it; ordering, approvals, budget checks
 * and every write read `ctx.db`, the primary, so they never see a replica's lag.
 */
export function readForReport<T>(ctx: ServiceContext, work: (db: Db) => Promise<T>): Promise<T> {
  return ctx.reports ? ctx.reports.read(work) : work(ctx.db);
}
