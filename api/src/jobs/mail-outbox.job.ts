import { sendDueMail } from '../modules/mail/mail.service.js';
import type { Job } from './job.js';

export const mailOutboxJob: Job = {
  name: 'mail-outbox',
  description: 'Sends queued mail a crash left unsent and retries failed mail (1, 4, 9, 16 min; 5 attempts)',
  schedule: '* * * * *',
  runAtStartup: true,
  async run(ctx) {
    return sendDueMail(ctx);
  },
};
