import cron, { type ScheduledTask } from 'node-cron';

import type { ServiceContext } from '../context.js';
import { reportTimezone } from '../modules/reports/report-timezone.js';
import { describeError } from '../http/describe-error.js';
import type { Job } from './job.js';
import { failOrphanedRuns, runJob } from './run-job.js';

export interface JobScheduler {
  /** Resolves when every job's startup run has finished. */
  startupRuns: Promise<void>;
  stop(): Promise<void>;
}

/** Schedules every job with node-cron in the company's timezone (the settings') and starts the startup runs. */
export function startJobScheduler(ctx: ServiceContext, jobs: readonly Job[]): JobScheduler {
  const running = new Set<Promise<void>>();
  // Kept until settled so stop() can wait for it; settled either way, so no rejection goes unhandled.
  const track = (work: Promise<unknown>) => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    running.add(settled);
    void settled.then(() => running.delete(settled));
  };
  // runJob records a job's own failure; it rejects when it cannot even record the run, mostly
  // because the database cannot be reached (a restart, a failover). That must not take the server
  // down: the error's code says why, and the next tick tries again.
  const runScheduled = (job: Job, tick: Date) =>
    runJob(ctx, job, 'schedule', tick).catch((error: unknown) => {
      ctx.log.error({ job: job.name, error: describeError(error) }, 'job could not run');
    });
  // The company settings' timezone wins (reports and budgets use it); COMPANY_TIMEZONE is only what a
  // new database starts with, or the fallback while the settings cannot be read.
  const scheduled: Promise<ScheduledTask[]> = reportTimezone(ctx.db)
    .catch(() => ctx.config.companyTimezone)
    .then((timezone) =>
      jobs.map((job) =>
        cron.schedule(
          job.schedule,
          (context) => {
            const tick = new Date(Math.floor(context.date.getTime() / 1000) * 1000);
            track(runScheduled(job, tick));
          },
          { name: job.name, timezone, noOverlap: true },
        ),
      ),
    );
  // Runs a crashed instance left 'running' are marked failed before anything new starts.
  const startupRuns = failOrphanedRuns(ctx)
    .catch((error: unknown) => {
      ctx.log.error({ error: describeError(error) }, 'orphaned job runs could not be checked');
    })
    .then(() => Promise.all(jobs.filter((job) => job.runAtStartup).map((job) => runJob(ctx, job, 'startup'))))
    .then(() => undefined);
  track(startupRuns);
  return {
    startupRuns,
    async stop() {
      await Promise.all((await scheduled).map((task) => task.stop()));
      await Promise.allSettled([...running]);
    },
  };
}
