import { deleteExpiredSamlRequests } from '../modules/saml/saml.service.js';
import { deleteExpiredAuthRecords } from '../modules/sessions/session-cleanup.service.js';
import type { Job } from './job.js';

export const expiredSessionCleanupJob: Job = {
  name: 'expired-session-cleanup',
  description: 'Deletes expired sessions, password-reset tokens, SAML request ids and consumed SAML assertion ids',
  schedule: '*/15 * * * *',
  runAtStartup: false,
  async run(ctx) {
    const samlRequests = await deleteExpiredSamlRequests(ctx);
    return { ...(await deleteExpiredAuthRecords(ctx)), saml_requests_deleted: samlRequests };
  },
};
