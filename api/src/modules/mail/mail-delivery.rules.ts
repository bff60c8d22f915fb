import type { MailDeliveryStatus } from '../../contracts/mail.js';

/** How many mails the demo mailbox shows, newest first, and how far back it looks. */
export const DEMO_MAILBOX_LIMIT = 50;
export const DEMO_MAILBOX_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The demo's own accounts (seeds/demo-data.json), which every visitor shares: the mailbox never
 * shows their password-reset links, so no visitor can take one over and lock the others out.
 */
export const SHARED_DEMO_ACCOUNT_DOMAIN = '@demo.supplyhub.test';
export const HIDDEN_FOR_SHARED_ACCOUNTS = ['password-reset'];

export const MAIL_DELIVERY_MESSAGES = {
  smtp: 'Mail is sent through the SMTP server (SMTP_URL).',
  demo_mailbox: 'Demo mode: mail is not sent; it is shown in the demo mailbox at /demo/mailbox.',
  not_delivered:
    'Sign-up and password-reset mails are not delivered: no SMTP server is set (SMTP_URL). ' +
    'They wait in the outbox; an operator lists them with `npm run cli -- mail:list`.',
} as const;

/** Where mail goes, given the settings that decide it. */
export function mailDeliveryOf({ hasSmtp, isDemoMode }: { hasSmtp: boolean; isDemoMode: boolean }): MailDeliveryStatus {
  const delivery = hasSmtp ? 'smtp' : isDemoMode ? 'demo_mailbox' : 'not_delivered';
  return { delivery, message: MAIL_DELIVERY_MESSAGES[delivery] };
}

/** The web links in a mail's text, in order, each once; a sentence's closing punctuation is not part of one. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)\]]+$/, '')))];
}
