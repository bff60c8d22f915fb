import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { insertAuditEvent } from './audit.queries.js';

interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'success' | 'failure';
  details?: Record<string, unknown>;
}

/** Writes one audit row for the context's actor; pass the transaction to keep it atomic with the change. */
export async function recordAudit(ctx: ServiceContext, record: AuditRecord, db: Db = ctx.db): Promise<void> {
  await insertAuditEvent(db, {
    actorUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    actorLabel: ctx.actor.label,
    clientAddress: ctx.clientAddress,
    requestId: ctx.requestId,
    ...record,
  });
}
