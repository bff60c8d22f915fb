import type { Request } from 'express';

import type { AppConfig } from '../config.js';
import type { ServiceContext } from '../context.js';
import type { Db } from '../database/connection.js';
import type { Throttles } from '../modules/throttles/throttles.js';

export interface RouteDependencies {
  /** Builds the service context of one request: database, clock, actor, logger, request id. */
  contextFor(req: Request): ServiceContext;
  db: Db;
  config: AppConfig;
  now: () => Date;
  version: string;
  startedAt: Date;
  /** The attempt counters of every entry point, built once per portal (they share one table). */
  throttles: Throttles;
}
