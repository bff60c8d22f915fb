import nodemailer from 'nodemailer';

import type { ServiceContext } from '../../context.js';

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
export async function sendMail(ctx: ServiceContext, mail: OutgoingMail): Promise<void> {
  const [row] = await ctx.db('email_outbox').insert(outboxRow(ctx, mail)).returning<{ id: string }[]>('id');
  if (!row) throw new Error('insert into email_outbox returned nothing');
  await deliverQueuedMail(ctx, row.id, mail);
}

/**
 * The second half of sendMail, for a mail whose outbox row was written inside another transaction
 * (an order's status change and its notification commit together): sends it when SMTP_URL is set,
 * else logs its subject and recipient.
 */
export async function deliverQueuedMail(ctx: ServiceContext, id: string, mail: OutgoingMail): Promise<void> {
  if (!ctx.config.mail.smtpUrl) {
    ctx.log.info(
      { mail: { id, to: mail.to, subject: mail.subject, template: mail.template } },
      'mail kept in the outbox (no SMTP_URL)',
    );
    return;
  }
  try {
    const transport = nodemailer.createTransport(ctx.config.mail.smtpUrl);
    await transport.sendMail({ from: ctx.config.mail.from, to: mail.to, subject: mail.subject, text: mail.text });
    await ctx.db('email_outbox').where({ id }).update({ status: 'sent', attempts: 1, sent_at: ctx.now() });
  } catch (error) {
    await ctx
      .db('email_outbox')
      .where({ id })
      .update({ status: 'failed', attempts: 1, last_error: (error as Error).message.slice(0, 300) });
    ctx.log.warn({ mail: { id, template: mail.template } }, 'mail could not be sent');
  }
}
