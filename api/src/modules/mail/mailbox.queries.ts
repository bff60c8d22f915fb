import type { Db } from '../../database/connection.js';

export interface StoredMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  status: string;
  created_at: Date;
}

/** Mail no server has taken: kept without SMTP ('logged'), or still to send or retry. */
const UNDELIVERED = ['logged', 'pending', 'failed'];

const COLUMNS = ['id', 'to_address', 'subject', 'text_body', 'status', 'created_at'];

/**
 * The newest mails written since `since`, to one address when given, leaving out the templates
 * `hidden.templates` to addresses ending in `hidden.domain`.
 */
export function selectRecentMail(
  db: Db,
  {
    to,
    since,
    limit,
    hidden,
  }: { to?: string; since: Date; limit: number; hidden: { domain: string; templates: readonly string[] } },
) {
  const query = db('email_outbox').select<StoredMail[]>(COLUMNS).where('created_at', '>=', since);
  if (to) query.where('to_address', to);
  query.whereNot((hiddenMail) =>
    hiddenMail
      .whereIn('template', [...hidden.templates])
      .andWhere('to_address', 'like', `%${hidden.domain.replace(/[\\%_]/g, '\\$&')}`),
  );
  return query.orderBy('created_at', 'desc').orderBy('id').limit(limit);
}

/** The mails no server has taken, oldest first, to one address when given. */
export function selectUndeliveredMail(db: Db, { to }: { to?: string }) {
  const query = db('email_outbox').select<StoredMail[]>(COLUMNS).whereIn('status', UNDELIVERED);
  if (to) query.where('to_address', to);
  return query.orderBy('created_at').orderBy('id');
}

export async function countUndeliveredMail(db: Db): Promise<number> {
  const row = await db('email_outbox').whereIn('status', UNDELIVERED).count<{ count: string }[]>('* as count').first();
  return Number(row?.count ?? 0);
}
