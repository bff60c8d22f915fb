import cron, { type ScheduledTask } from 'node-cron';

import type { ServiceContext } from '../context.js';
import type { Job } from './job.js';
import { runJob } from './run-job.js';

export interface JobScheduler {
  /** Resolves when every job's startup run has finished. */
  startupRuns: Promise<void>;
  stop(): Promise<void>;
}

/** Schedules every job with node-cron in the company's timezone and starts the startup runs. */
export function startJobScheduler(ctx: ServiceContext, jobs: readonly Job[]): JobScheduler {
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  const tasks: ScheduledTask[] = jobs.map((job) =>
    cron.schedule(
      job.schedule,
      (context) => {
        const tick = new Date(Math.floor(context.date.getTime() / 1000) * 1000);
        track(runJob(ctx, job, 'schedule', tick));
      },
      { name: job.name, timezone: ctx.config.companyTimezone, noOverlap: true },
    ),
  );
  const startupRuns = Promise.all(
    jobs.filter((job) => job.runAtStartup).map((job) => runJob(ctx, job, 'startup')),
  ).then(() => undefined);
  track(startupRuns);
  return {
    startupRuns,
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
      await Promise.allSettled([...running]);
    },
  };
}
