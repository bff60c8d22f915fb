import { deleteExpiredSamlRequestIds } from '../modules/saml/saml.queries.js';
import { REQUEST_MAX_AGE_MS } from '../modules/saml/saml-strategy.js';
import { deleteExpiredAuthRecords } from '../modules/sessions/session-cleanup.queries.js';
import type { Job } from './job.js';

export const expiredSessionCleanupJob: Job = {
  name: 'expired-session-cleanup',
  description: 'Deletes expired sessions, password-reset tokens, SAML request ids and consumed SAML assertion ids',
  schedule: '*/15 * * * *',
  runAtStartup: false,
  async run(ctx) {
    const now = ctx.now();
    const samlRequests = await deleteExpiredSamlRequestIds(ctx.db, new Date(now.getTime() - REQUEST_MAX_AGE_MS));
    return { ...(await deleteExpiredAuthRecords(ctx.db, now)), saml_requests_deleted: samlRequests };
  },
};
