import type { Request } from 'express';

import type { ServiceContext } from '../context.js';

export interface RouteDependencies {
  /** Builds the service context of one request: database, clock, actor, logger, request id. */
  contextFor(req: Request): ServiceContext;
  version: string;
  startedAt: Date;
}
