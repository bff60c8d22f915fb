import type { Command } from 'commander';

import { demoMailboxQuerySchema, type MailboxMail } from '../../contracts/mail.js';
import { listUndeliveredMail, mailDelivery } from '../../modules/mail/mailbox.service.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';

export function registerMailCommands(program: Command): void {
  program
    .command('mail:list')
    .description(
      'List the mails that wait undelivered (no SMTP server, or not sent yet) with their links; the reading is audited',
    )
    .option('--to <address>', 'only the mails to this e-mail address')
    .option('--json', 'machine-readable output')
    .action(async (options: { to?: string; json?: boolean }) => {
      const parsed = demoMailboxQuerySchema.safeParse({ to: options.to });
      if (!parsed.success) throw new CliInputError(`--to must be an e-mail address, not '${options.to ?? ''}'`);
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const mails = await listUndeliveredMail(ctx, { to: parsed.data.to });
        output.result(mails, () => formatMails(mails, mailDelivery(ctx).message));
      });
    });
}

function formatMails(mails: readonly MailboxMail[], delivery: string): string {
  if (mails.length === 0) return `No mail waits undelivered. ${delivery}`;
  const blocks = mails.map((mail) =>
    [
      `${mail.sent_at}  to ${mail.to}`,
      `  ${mail.subject}`,
      ...(mail.links.length > 0 ? mail.links.map((link) => `  ${link}`) : ['  (no links)']),
    ].join('\n'),
  );
  return [`${mails.length} mail(s) wait undelivered. ${delivery}`, '', blocks.join('\n\n')].join('\n');
}
