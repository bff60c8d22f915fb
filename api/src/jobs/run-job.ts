import { hostname } from 'node:os';

import type { ServiceContext } from '../context.js';
import { describeError } from '../http/describe-error.js';
import type { Job } from './job.js';

export const INSTANCE_ID = `${hostname()}:${process.pid}`;

export type JobTrigger = 'schedule' | 'startup' | 'manual';

export interface JobRunResult {
  job_name: string;
  outcome: 'success' | 'failed' | 'skipped';
  counts: Record<string, number | boolean | string>;
  error?: string;
  reason?: string;
}

/**
 * Runs a job at most once at a time across every instance (a PostgreSQL advisory lock held by a
 * transaction for the run's length) and, for a scheduled tick, at most once per tick (the unique
 * (job_name, scheduled_for) row). Every run that starts leaves a job_runs row.
 */
export async function runJob(
  ctx: ServiceContext,
  job: Job,
  trigger: JobTrigger,
  scheduledFor?: Date,
): Promise<JobRunResult> {
  return ctx.db.transaction(async (lockTrx) => {
    const lock = await lockTrx.raw<{ rows: { locked: boolean }[] }>(
      'SELECT pg_try_advisory_xact_lock(hashtext(?)) AS locked',
      [`supply-hub:job:${job.name}`],
    );
    if (!lock.rows[0]?.locked) {
      return { job_name: job.name, outcome: 'skipped', counts: {}, reason: 'already running on another instance' };
    }
    const claim = await ctx.db.raw<{ rows: { id: number }[] }>(
      `INSERT INTO job_runs (job_name, trigger, instance_id, started_at, scheduled_for)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (job_name, scheduled_for) WHERE scheduled_for IS NOT NULL DO NOTHING
       RETURNING id`,
      [job.name, trigger, INSTANCE_ID, ctx.now(), scheduledFor ?? null],
    );
    const claimed = claim.rows[0];
    if (!claimed) {
      return {
        job_name: job.name,
        outcome: 'skipped',
        counts: {},
        reason: 'this tick already ran on another instance',
      };
    }
    try {
      const counts = await job.run(ctx);
      await ctx.db('job_runs').where({ id: claimed.id }).update({ outcome: 'success', counts, finished_at: ctx.now() });
      ctx.log.info({ job: job.name, trigger, counts }, 'job finished');
      return { job_name: job.name, outcome: 'success', counts };
    } catch (error) {
      const described = describeError(error);
      const message = String(described.message ?? 'unknown error');
      await ctx
        .db('job_runs')
        .where({ id: claimed.id })
        .update({ outcome: 'failed', error: message, finished_at: ctx.now() });
      ctx.log.error({ job: job.name, trigger, error: described }, 'job failed');
      return { job_name: job.name, outcome: 'failed', counts: {}, error: message };
    }
  });
}
