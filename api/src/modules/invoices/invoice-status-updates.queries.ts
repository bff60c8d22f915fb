import type { Db } from '../../database/connection.js';

// The outbox of StatusUpdateRequests that tell suppliers how their invoices were reconciled.

/** One queued StatusUpdateRequest; its payloadID is made once, so every retry is the same document. */
export interface StatusUpdateWrite {
  invoice_id: string;
  payload_id: string;
  status_type: 'reconciled' | 'rejected';
  comments: string | null;
  next_attempt_at: Date;
  created_at: Date;
}

export async function insertStatusUpdate(db: Db, write: StatusUpdateWrite): Promise<string> {
  const [row] = await db('invoice_status_updates').insert(write).returning<{ id: string }[]>('id');
  return row!.id;
}

export interface DueStatusUpdateRow {
  id: string;
  payload_id: string;
  status_type: 'reconciled' | 'rejected';
  comments: string | null;
  attempts: number;
  invoice_payload_id: string;
  invoice_id: string;
  invoice_date: Date;
}

/**
 * Takes the status updates due now (or one by id) for `leaseUntil`: the job and an immediate send
 * never post the same update at once. Attempts are counted when taken.
 */
export async function leaseDueStatusUpdates(
  db: Db,
  options: { now: Date; leaseUntil: Date; limit: number; maxAttempts: number; id?: string },
): Promise<DueStatusUpdateRow[]> {
  const { rows } = await db.raw<{ rows: DueStatusUpdateRow[] }>(
    `UPDATE invoice_status_updates u
        SET leased_until = ?, attempts = u.attempts + 1
       FROM invoices i
      WHERE u.invoice_id = i.id
        AND u.id IN (SELECT id FROM invoice_status_updates
                      WHERE sent_at IS NULL AND attempts < ? AND next_attempt_at <= ?
                        AND (leased_until IS NULL OR leased_until < ?) ${options.id ? 'AND id = ?' : ''}
                      ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
  RETURNING u.id::text AS id, u.payload_id, u.status_type, u.comments, u.attempts,
            i.payload_id AS invoice_payload_id, i.invoice_id, i.invoice_date`,
    [
      options.leaseUntil,
      options.maxAttempts,
      options.now,
      options.now,
      ...(options.id ? [options.id] : []),
      options.limit,
    ],
  );
  return rows;
}

export async function markStatusUpdateSent(
  db: Db,
  id: string,
  result: { httpStatus: number; requestXml: string; now: Date },
): Promise<void> {
  await db('invoice_status_updates').where({ id }).update({
    sent_at: result.now,
    http_status: result.httpStatus,
    request_xml: result.requestXml,
    leased_until: null,
    last_error: null,
  });
}

export async function markStatusUpdateFailed(
  db: Db,
  id: string,
  result: { httpStatus: number | null; error: string; requestXml: string | null; retryAt: Date },
): Promise<void> {
  await db('invoice_status_updates')
    .where({ id })
    .update({
      http_status: result.httpStatus,
      last_error: result.error.slice(0, 1000),
      request_xml: result.requestXml,
      next_attempt_at: result.retryAt,
      leased_until: null,
    });
}

// A status update is signed with the same outbound credentials as an order.
export { selectOutboundCredentials, type OutboundCredentialsRow } from '../supplier/outbound-credentials.queries.js';
