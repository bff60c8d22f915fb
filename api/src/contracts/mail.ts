import { z } from 'zod';

/**
 * Where the portal's mail goes: through SMTP, into the demo mailbox (demo mode without SMTP), or
 * nowhere a person reads it (no SMTP outside demo mode: sign-up and password-reset mails wait in the
 * outbox, and only an operator's `mail:list` shows them).
 */
export const MAIL_DELIVERIES = ['smtp', 'demo_mailbox', 'not_delivered'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

export const mailDeliverySchema = z.strictObject({
  delivery: z.enum(MAIL_DELIVERIES),
  message: z.string(),
});
export type MailDeliveryStatus = z.infer<typeof mailDeliverySchema>;

/** GET /api/demo/mailbox: optionally one address's mail. */
export const demoMailboxQuerySchema = z.strictObject({
  to: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254)).optional(),
});
export type DemoMailboxQuery = z.infer<typeof demoMailboxQuerySchema>;

/** One mail as the person it was written to reads it: the links are those in its text, in order. */
export const mailboxMailSchema = z.strictObject({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  sent_at: z.iso.datetime(),
  text: z.string(),
  links: z.array(z.string()),
});
export type MailboxMail = z.infer<typeof mailboxMailSchema>;

export const demoMailboxSchema = z.strictObject({ mails: z.array(mailboxMailSchema) });
export type DemoMailbox = z.infer<typeof demoMailboxSchema>;

/** GET /api/admin/mail/outbox: how mail is delivered and how many wait undelivered (never their links). */
export const mailOutboxSummarySchema = z.strictObject({
  delivery: z.enum(MAIL_DELIVERIES),
  message: z.string(),
  undelivered: z.number().int().nonnegative(),
});
export type MailOutboxSummary = z.infer<typeof mailOutboxSummarySchema>;
