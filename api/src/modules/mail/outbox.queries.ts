import type { Db } from '../../database/connection.js';

export interface LeasedMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  template: string;
  attempts: number;
}

/**
 * Takes one mail for sending (counts the attempt, leases it until `leaseUntil`) if it is still to
 * send and nobody holds it. Undefined when it was sent, has failed for good, or is leased.
 */
export async function leaseMail(
  db: Db,
  id: string,
  { now, leaseUntil, maxAttempts }: { now: Date; leaseUntil: Date; maxAttempts: number },
): Promise<LeasedMail | undefined> {
  const result = await db.raw<{ rows: LeasedMail[] }>(
    `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = ?
     WHERE id = ? AND status IN ('pending', 'failed') AND attempts < ?
       AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
     RETURNING id, to_address, subject, text_body, template, attempts`,
    [leaseUntil, id, maxAttempts, now],
  );
  return result.rows[0];
}

/**
 * Leases up to `limit` mails that are due: pending ones queued before `queuedBefore` (their request
 * did not send them) and failed ones whose retry time has come. SKIP LOCKED: two senders never
 * take the same mail.
 */
export async function leaseDueMail(
  db: Db,
  {
    now,
    queuedBefore,
    leaseUntil,
    maxAttempts,
    limit,
  }: { now: Date; queuedBefore: Date; leaseUntil: Date; maxAttempts: number; limit: number },
): Promise<LeasedMail[]> {
  const result = await db.raw<{ rows: LeasedMail[] }>(
    `WITH due AS (
       SELECT id FROM email_outbox
       WHERE status IN ('pending', 'failed') AND attempts < ?
         AND ((next_attempt_at IS NULL AND created_at <= ?) OR next_attempt_at <= ?)
       ORDER BY coalesce(next_attempt_at, created_at)
       LIMIT ?
       FOR UPDATE SKIP LOCKED
     )
     UPDATE email_outbox AS mail SET attempts = mail.attempts + 1, next_attempt_at = ?
     FROM due WHERE mail.id = due.id
     RETURNING mail.id, mail.to_address, mail.subject, mail.text_body, mail.template, mail.attempts`,
    [maxAttempts, queuedBefore, now, limit, leaseUntil],
  );
  return result.rows;
}

export async function markMailSent(db: Db, id: string, sentAt: Date): Promise<void> {
  await db('email_outbox').where({ id }).update({ status: 'sent', sent_at: sentAt, next_attempt_at: null });
}

export async function markMailFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db('email_outbox')
    .where({ id })
    .update({ status: 'failed', last_error: error.slice(0, 300), next_attempt_at: retryAt });
}

/** Deletes mail delivered (sent, or logged when no SMTP is set) before the cutoff: bodies hold sign-in links. */
export async function deleteDeliveredMailBefore(db: Db, cutoff: Date): Promise<number> {
  return db('email_outbox').whereIn('status', ['sent', 'logged']).andWhere('created_at', '<', cutoff).delete();
}

/** Writes a mail to the outbox; its id. */
export async function insertOutboxMail(db: Db, row: Record<string, unknown>): Promise<string> {
  const [inserted] = await db('email_outbox').insert(row).returning<{ id: string }[]>('id');
  if (!inserted) throw new Error('insert into email_outbox returned nothing');
  return inserted.id;
}
