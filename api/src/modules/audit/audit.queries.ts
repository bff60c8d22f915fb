import type { Db } from '../../database/connection.js';

export interface AuditEventInput {
  actorUserId: string | null;
  actorLabel: string;
  action: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'success' | 'failure';
  clientAddress?: string;
  requestId?: string;
  details?: Record<string, unknown>;
}

export async function insertAuditEvent(db: Db, event: AuditEventInput): Promise<void> {
  await db('audit_events').insert({
    actor_user_id: event.actorUserId,
    actor_label: event.actorLabel,
    action: event.action,
    target_type: event.targetType ?? null,
    target_id: event.targetId ?? null,
    outcome: event.outcome ?? 'success',
    client_address: event.clientAddress ?? null,
    request_id: event.requestId ?? null,
    details: JSON.stringify(event.details ?? {}),
  });
}

/** What the back office shows of an audit event, in its list and on its own page. */
export const AUDIT_EVENT_COLUMNS = [
  'id',
  'occurred_at',
  'actor_user_id',
  'actor_label',
  'action',
  'target_type',
  'target_id',
  'outcome',
  'client_address',
  'request_id',
  'details',
] as const;

export async function selectAuditEvent(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  return (await db('audit_events')
    .select(...AUDIT_EVENT_COLUMNS)
    .where({ id })
    .first()) as Record<string, unknown> | undefined;
}
