import {
  AUDIT_EXPORT_COLUMNS,
  auditActionLabel,
  auditOutcome,
  type AuditEvent,
  type AuditEventFilter,
} from '../../contracts/audit.js';
import type { ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import type { Db } from '../../database/connection.js';
import {
  insertAuditEvent,
  type AuditEventInput,
  selectAuditEvent,
  selectAuditEventPage,
  selectAuditEventsForExport,
  type AuditEventOrder,
} from './audit.queries.js';

/** An export holds at most this many rows. */
const EXPORT_MAX_ROWS = 50_000;

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

/** An audit row as a reader sees it: with the plain action label beside the stored action name. */
function readableEvent(row: Record<string, unknown>): AuditEvent {
  const action = String(row.action);
  return {
    ...row,
    action_label: auditActionLabel(action),
    outcome: auditOutcome(action, row.outcome as 'success' | 'failure'),
  } as AuditEvent;
}

/** One page of the audit log, as the back office lists it. */
export async function listAuditEvents(
  ctx: ServiceContext,
  filter: AuditEventFilter,
  sort: AuditEventOrder,
  range: { offset: number; limit: number },
): Promise<{ rows: AuditEvent[]; total: number }> {
  const { rows, total } = await selectAuditEventPage(ctx.db, filter, sort, range);
  return { rows: rows.map(readableEvent), total };
}

export async function readAuditEvent(ctx: ServiceContext, id: string): Promise<AuditEvent | undefined> {
  const event = await selectAuditEvent(ctx.db, id);
  return event && readableEvent(event);
}

/** CSV of the filtered audit log (at most 50,000 rows); the export is itself audited. */
export async function exportAuditEvents(
  ctx: ServiceContext,
  filter: AuditEventFilter,
  sort: AuditEventOrder,
): Promise<{ csv: string; filename: string }> {
  const stored = AUDIT_EXPORT_COLUMNS.filter((column) => column !== 'action_label' && column !== 'target_label');
  const rows = (await selectAuditEventsForExport(ctx.db, filter, sort, stored, EXPORT_MAX_ROWS)).map(readableEvent);
  await recordAudit(ctx, { action: 'audit.export', targetType: 'audit_events', details: { rows: rows.length } });
  const csv = toSpreadsheetSafeCsv(
    rows.map(
      (row) =>
        ({ ...row, occurred_at: (row.occurred_at as unknown as Date).toISOString() }) as Record<
          (typeof AUDIT_EXPORT_COLUMNS)[number],
          unknown
        >,
    ),
    [...AUDIT_EXPORT_COLUMNS],
  );
  return { csv, filename: `audit-events-${ctx.now().toISOString().slice(0, 10)}.csv` };
}

/** Writes one audit row outside any request context (the session middleware's timeout record). */
export async function recordAuditEvent(db: Db, event: AuditEventInput): Promise<void> {
  await insertAuditEvent(db, event);
}
