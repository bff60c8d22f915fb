import type { Request } from 'express';

import type { AppConfig } from '../config.js';
import type { ServiceContext } from '../context.js';
import type { Db } from '../database/connection.js';

export interface RouteDependencies {
  /** Builds the service context of one request: database, clock, actor, logger, request id. */
  contextFor(req: Request): ServiceContext;
  db: Db;
  config: AppConfig;
  now: () => Date;
  version: string;
  startedAt: Date;
}
