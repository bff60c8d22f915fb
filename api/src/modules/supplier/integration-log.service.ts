import type { ServiceContext } from '../../context.js';
import { selectLatestAbLogs, type AbLogRow } from './supplier.queries.js';

/** The newest integration log entries (admin-portal §9); the stored request never holds the secret. */
export function listLatestAbLogs(ctx: Pick<ServiceContext, 'db'>, limit: number): Promise<AbLogRow[]> {
  return selectLatestAbLogs(ctx.db, limit);
}
