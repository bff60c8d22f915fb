import { deleteDeliveredMailBefore } from '../modules/mail/mail.service.js';
import type { Job } from './job.js';
import { deleteFinishedRunsBefore } from './job-runs.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const historyRetentionJob: Job = {
  name: 'history-retention',
  description:
    'Deletes finished job runs older than JOB_RUNS_RETENTION_DAYS and delivered outbox mail older than MAIL_OUTBOX_RETENTION_DAYS',
  schedule: '17 3 * * *',
  runAtStartup: false,
  async run(ctx) {
    const now = ctx.now().getTime();
    const { jobRunsDays, mailOutboxDays } = ctx.config.retention;
    return {
      job_runs_deleted: await deleteFinishedRunsBefore(ctx.db, new Date(now - jobRunsDays * DAY_MS)),
      outbox_mail_deleted: await deleteDeliveredMailBefore(ctx, new Date(now - mailOutboxDays * DAY_MS)),
    };
  },
};
