import { deleteExpiredAuthRecords } from '../modules/sessions/session-cleanup.queries.js';
import type { Job } from './job.js';

export const expiredSessionCleanupJob: Job = {
  name: 'expired-session-cleanup',
  description: 'Deletes expired sessions, password-reset tokens and consumed SAML assertion ids',
  schedule: '*/15 * * * *',
  runAtStartup: false,
  async run(ctx) {
    return deleteExpiredAuthRecords(ctx.db, ctx.now());
  },
};
