import { hostname } from 'node:os';

import type { ServiceContext } from '../context.js';
import { describeError } from '../http/describe-error.js';
import { measureJobRun } from '../metrics/metrics.js';
import type { Job } from './job.js';
import * as queries from './job-runs.queries.js';

export const INSTANCE_ID = `${hostname()}:${process.pid}`;

/** A running run renews its heartbeat this often… */
export const JOB_HEARTBEAT_MS = 15_000;
/** …and one whose heartbeat is older than this belongs to an instance that is gone. */
export const JOB_LEASE_MS = 4 * JOB_HEARTBEAT_MS;

export type JobTrigger = 'schedule' | 'startup' | 'manual';

export interface JobRunResult {
  job_name: string;
  outcome: 'success' | 'failed' | 'skipped';
  counts: Record<string, number | boolean | string>;
  error?: string;
  reason?: string;
}

/**
 * Runs a job at most once at a time across every instance (one 'running' job_runs row per job,
 * leased by a heartbeat) and, for a scheduled tick, at most once per tick (the unique
 * (job_name, scheduled_for) row). Every run that starts leaves a job_runs row. The run record is
 * written in short statements of its own: no transaction stays open while the job works. For
 * GET /metrics every call is counted by its outcome (skipped too), and a run that ran is timed.
 */
export function runJob(ctx: ServiceContext, job: Job, trigger: JobTrigger, scheduledFor?: Date): Promise<JobRunResult> {
  return measureJobRun(job.name, () => claimAndRun(ctx, job, trigger, scheduledFor));
}

async function claimAndRun(
  ctx: ServiceContext,
  job: Job,
  trigger: JobTrigger,
  scheduledFor: Date | undefined,
): Promise<JobRunResult> {
  await queries.failExpiredRuns(ctx.db, new Date(ctx.now().getTime() - JOB_LEASE_MS), ctx.now(), job.name);
  const runId = await queries.claimRun(ctx.db, {
    jobName: job.name,
    trigger,
    instanceId: INSTANCE_ID,
    now: ctx.now(),
    scheduledFor: scheduledFor ?? null,
  });
  if (runId === undefined) {
    const isRunning = await queries.isJobRunning(ctx.db, job.name);
    return {
      job_name: job.name,
      outcome: 'skipped',
      counts: {},
      reason: isRunning ? 'already running on another instance' : 'this tick already ran on another instance',
    };
  }
  const heartbeat = setInterval(() => {
    queries.renewHeartbeat(ctx.db, runId, ctx.now()).catch((error: unknown) => {
      ctx.log.warn({ job: job.name, error: describeError(error) }, 'job heartbeat could not be recorded');
    });
  }, JOB_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const counts = await job.run(ctx);
    clearInterval(heartbeat);
    await finish(ctx, job, runId, { outcome: 'success', counts });
    ctx.log.info({ job: job.name, trigger, counts }, 'job finished');
    return { job_name: job.name, outcome: 'success', counts };
  } catch (error) {
    clearInterval(heartbeat);
    const described = describeError(error);
    const message = String(described.message ?? 'unknown error');
    await finish(ctx, job, runId, { outcome: 'failed', error: message });
    ctx.log.error({ job: job.name, trigger, error: described }, 'job failed');
    return { job_name: job.name, outcome: 'failed', counts: {}, error: message };
  } finally {
    clearInterval(heartbeat);
  }
}

async function finish(
  ctx: ServiceContext,
  job: Job,
  runId: number,
  result: { outcome: 'success' | 'failed'; counts?: JobRunResult['counts']; error?: string },
): Promise<void> {
  const isRecorded = await queries.finishRun(ctx.db, runId, { ...result, finishedAt: ctx.now() });
  // Its lease ran out (the database was unreachable for a minute, say) and it was marked failed.
  if (!isRecorded) ctx.log.warn({ job: job.name, runId }, 'job finished after its run was marked failed');
}

/**
 * Marks failed every run whose instance stopped renewing its lease (crashed, killed, lost its
 * host). A run of a live instance, however long, keeps its heartbeat fresh and is left alone.
 */
export async function failOrphanedRuns(ctx: ServiceContext): Promise<number> {
  const failed = await queries.failExpiredRuns(ctx.db, new Date(ctx.now().getTime() - JOB_LEASE_MS), ctx.now());
  if (failed > 0) ctx.log.warn({ failed }, 'job runs left running by a stopped instance marked failed');
  return failed;
}
