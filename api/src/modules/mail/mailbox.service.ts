import {
  demoMailboxQuerySchema,
  type DemoMailbox,
  type MailboxMail,
  type MailDeliveryStatus,
  type MailOutboxSummary,
} from '../../contracts/mail.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  DEMO_MAILBOX_LIMIT,
  DEMO_MAILBOX_WINDOW_MS,
  HIDDEN_FOR_SHARED_ACCOUNTS,
  SHARED_DEMO_ACCOUNT_DOMAIN,
  linksIn,
  mailDeliveryOf,
} from './mail-delivery.rules.js';
import { countUndeliveredMail, selectRecentMail, selectUndeliveredMail, type StoredMail } from './mailbox.queries.js';

function asMailboxMail(row: StoredMail): MailboxMail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    sent_at: row.created_at.toISOString(),
    text: row.text_body,
    links: linksIn(row.text_body),
  };
}

export function mailDelivery(ctx: Pick<ServiceContext, 'config'>): MailDeliveryStatus {
  return mailDeliveryOf({ hasSmtp: Boolean(ctx.config.mail.smtpUrl), isDemoMode: ctx.config.isDemoMode });
}

/**
 * The demo mailbox: the mail of the last day, so a person trying the demo reads the sign-up link
 * the portal wrote them. Outside demo mode, or when SMTP delivers the demo's mail, it does not exist
 * (404, as an unknown route answers).
 */
export async function readDemoMailbox(ctx: ServiceContext, query: unknown): Promise<DemoMailbox> {
  // Checked before the query: outside demo mode every request answers as an unknown route does, and
  // so does a demo that really sends its mail (SMTP set), whose links belong to their recipients alone.
  if (mailDelivery(ctx).delivery !== 'demo_mailbox')
    throw AppError.notFound('No API route for GET /api/demo/mailbox', 'ROUTE_NOT_FOUND');
  const { to } = demoMailboxQuerySchema.parse(query);
  const since = new Date(ctx.now().getTime() - DEMO_MAILBOX_WINDOW_MS);
  const rows = await selectRecentMail(ctx.db, {
    to,
    since,
    limit: DEMO_MAILBOX_LIMIT,
    hidden: { domain: SHARED_DEMO_ACCOUNT_DOMAIN, templates: HIDDEN_FOR_SHARED_ACCOUNTS },
  });
  return { mails: rows.map(asMailboxMail) };
}

/** For the back office: how mail is delivered and how many mails wait undelivered; never their content. */
export async function summarizeOutbox(ctx: ServiceContext): Promise<MailOutboxSummary> {
  return { ...mailDelivery(ctx), undelivered: await countUndeliveredMail(ctx.db) };
}

/**
 * For an operator (`mail:list`), who can read the database anyway: the undelivered mails with their
 * links. Audited, since the links sign people up and reset passwords.
 */
export async function listUndeliveredMail(ctx: ServiceContext, { to }: { to?: string }): Promise<MailboxMail[]> {
  const mails = (await selectUndeliveredMail(ctx.db, { to })).map(asMailboxMail);
  await recordAudit(ctx, {
    action: 'mail.list',
    targetType: 'email_outbox',
    details: { ...(to ? { to } : {}), mails: mails.length },
  });
  return mails;
}
