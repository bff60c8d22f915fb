import { deleteAbandonedPunchoutSessions } from '../modules/punchout/punchout.service.js';
import { deleteExpiredSamlRequests, deleteOldSamlTestSignIns } from '../modules/saml/saml.service.js';
import { deleteExpiredAuthRecords } from '../modules/sessions/session-cleanup.service.js';
import type { Job } from './job.js';

export const expiredSessionCleanupJob: Job = {
  name: 'expired-session-cleanup',
  description:
    'Deletes expired sessions, password-reset tokens, SAML request ids, consumed SAML assertion ids, day-old SSO test sign-ins and abandoned PunchOut shopping sessions',
  schedule: '*/15 * * * *',
  runAtStartup: false,
  async run(ctx) {
    const samlRequests = await deleteExpiredSamlRequests(ctx);
    const samlTestSignIns = await deleteOldSamlTestSignIns(ctx);
    const punchoutSessions = await deleteAbandonedPunchoutSessions(ctx);
    return {
      ...(await deleteExpiredAuthRecords(ctx)),
      saml_requests_deleted: samlRequests,
      saml_test_sign_ins_deleted: samlTestSignIns,
      punchout_sessions_deleted: punchoutSessions,
    };
  },
};
