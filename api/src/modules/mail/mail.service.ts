import type { Transporter } from 'nodemailer';

import type { ServiceContext } from '../../context.js';
import { describeError } from '../../http/describe-error.js';
import * as outbox from './outbox.queries.js';
import { assertMailLinksKnown } from './public-url.rules.js';
import { MAIL_LEASE_MS, MAX_MAIL_ATTEMPTS, QUEUED_MAIL_GRACE_MS, retryDelayMs } from './outbox.rules.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** A stable name for the kind of mail, e.g. 'password-reset'. */
  template: string;
}

/** A new outbox row's status: 'pending' for the sender when SMTP_URL is set, else 'logged' (it stays there). */
export function outboxStatus(ctx: Pick<ServiceContext, 'config'>): 'pending' | 'logged' {
  return ctx.config.mail.smtpUrl ? 'pending' : 'logged';
}

export function outboxRow(ctx: Pick<ServiceContext, 'config' | 'now'>, mail: OutgoingMail) {
  assertMailLinksKnown(ctx.config, mail.text);
  return {
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    template: mail.template,
    status: outboxStatus(ctx),
    created_at: ctx.now(),
  };
}

/**
 * Every mail is written to the outbox first. With SMTP_URL it is then sent through nodemailer;
 * without, it stays in the outbox marked 'logged' and its subject and recipient go to the log,
 * so the embedded default works offline. Bodies never reach the log: they may carry tokens.
 */
/**
 * Writes a mail to the outbox in the caller's transaction (ctx.db) without sending it; the caller
 * hands the id to deliverQueuedMail once committed (else the mail-outbox job sends it).
 */
export function queueMail(ctx: ServiceContext, mail: OutgoingMail): Promise<string> {
  return outbox.insertOutboxMail(ctx.db, outboxRow(ctx, mail));
}

export async function sendMail(ctx: ServiceContext, mail: OutgoingMail): Promise<void> {
  await deliverQueuedMail(ctx, await outbox.insertOutboxMail(ctx.db, outboxRow(ctx, mail)), mail);
}

/**
 * The second half of sendMail, for a mail whose outbox row was written inside another transaction
 * (an order's status change and its notification commit together): sends it when SMTP_URL is set,
 * else logs its subject and recipient. A mail this process cannot send now (SMTP down, a crash
 * before it is sent) is sent later by the mail-outbox job.
 */
export async function deliverQueuedMail(ctx: ServiceContext, id: string, mail: OutgoingMail): Promise<void> {
  if (!ctx.config.mail.smtpUrl) {
    ctx.log.info(
      { mail: { id, to: mail.to, subject: mail.subject, template: mail.template } },
      'mail kept in the outbox (no SMTP_URL)',
    );
    return;
  }
  const now = ctx.now();
  const leased = await outbox.leaseMail(ctx.db, id, {
    now,
    leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
    maxAttempts: MAX_MAIL_ATTEMPTS,
  });
  if (leased) await sendLeasedMail(ctx, ctx.config.mail.smtpUrl, leased);
}

/**
 * The mail-outbox job: sends what is due (queued mail its request never sent, failed mail whose
 * retry time has come), in batches. Nothing to do without SMTP_URL.
 */
export async function sendDueMail(ctx: ServiceContext, batchSize = 100): Promise<{ sent: number; failed: number }> {
  const smtpUrl = ctx.config.mail.smtpUrl;
  const counts = { sent: 0, failed: 0 };
  if (!smtpUrl) return counts;
  for (;;) {
    const now = ctx.now();
    const batch = await outbox.leaseDueMail(ctx.db, {
      now,
      queuedBefore: new Date(now.getTime() - QUEUED_MAIL_GRACE_MS),
      leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
      maxAttempts: MAX_MAIL_ATTEMPTS,
      limit: batchSize,
    });
    for (const mail of batch) counts[(await sendLeasedMail(ctx, smtpUrl, mail)) ? 'sent' : 'failed'] += 1;
    if (batch.length < batchSize) return counts;
  }
}

/** Sends a mail this process holds the lease of; records the outcome. True when the server took it. */
async function sendLeasedMail(ctx: ServiceContext, smtpUrl: string, mail: outbox.LeasedMail): Promise<boolean> {
  try {
    await (
      await transportFor(smtpUrl)
    ).sendMail({
      from: ctx.config.mail.from,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
    });
    await outbox.markMailSent(ctx.db, mail.id, ctx.now());
    return true;
  } catch (error) {
    const retryAt =
      mail.attempts < MAX_MAIL_ATTEMPTS ? new Date(ctx.now().getTime() + retryDelayMs(mail.attempts)) : null;
    await outbox.markMailFailed(ctx.db, mail.id, (error as Error).message ?? String(error), retryAt);
    ctx.log.warn(
      { mail: { id: mail.id, template: mail.template, attempts: mail.attempts }, error: describeError(error) },
      retryAt ? 'mail could not be sent; it will be tried again' : 'mail could not be sent; no attempts left',
    );
    return false;
  }
}

// One transport per SMTP_URL for the process, built once.
const transports = new Map<string, Transporter>();

async function transportFor(smtpUrl: string): Promise<Transporter> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // nodemailer takes about 10 MB: loaded when a mail is first sent over SMTP (a demo never does).
    const { default: nodemailer } = await import('nodemailer');
    // Short timeouts: a mail server that hangs must not hold a sender (nodemailer waits minutes by default).
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Deletes sent and logged outbox mail created before the cutoff; returns how many. */
export function deleteDeliveredMailBefore(ctx: Pick<ServiceContext, 'db'>, cutoff: Date): Promise<number> {
  return outbox.deleteDeliveredMailBefore(ctx.db, cutoff);
}
