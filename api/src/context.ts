import type { AppConfig } from './config.js';
import type { Db } from './database/connection.js';
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
}
