import type { Command } from 'commander';

import type { Job } from '../../jobs/job.js';
import { JOBS, findJob } from '../../jobs/registry.js';
import { runJob } from '../../jobs/run-job.js';
import { listLatestJobRuns } from '../../modules/health/health.service.js';
import { reportTimezone } from '../../modules/reports/report-timezone.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';

export function registerJobCommands(program: Command): void {
  program
    .command('jobs:list')
    .description('List the scheduled jobs with their schedule and last run')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const lastRuns = new Map((await listLatestJobRuns(ctx)).map((run) => [run.job_name, run]));
        const timezone = await reportTimezone(ctx.db);
        const jobs = JOBS.map((job) => {
          const last = lastRuns.get(job.name);
          return {
            name: job.name,
            schedule: job.schedule,
            timezone,
            run_at_startup: job.runAtStartup,
            description: job.description,
            last_run: last ? { outcome: last.outcome, started_at: last.started_at.toISOString() } : null,
          };
        });
        output.result(jobs, () =>
          jobs
            .map(
              (job) =>
                `${job.name.padEnd(26)} ${job.schedule.padEnd(14)} last: ${job.last_run ? `${job.last_run.outcome} at ${job.last_run.started_at}` : 'never'}\n    ${job.description}`,
            )
            .join('\n'),
        );
      });
    });

  program
    .command('jobs:run')
    .description('Run one job now (waits if another instance is running it)')
    .argument('<name>', 'the job to run (listed below)')
    .option('--json', 'machine-readable output')
    // Built from the registry when help is shown, so a job added there is listed without a change here.
    .addHelpText('after', () => `\nJobs:\n${formatJobList(JOBS)}`)
    .action(async (name: string, options: { json?: boolean }) => {
      const job = findJob(name);
      if (!job) throw new CliInputError(`unknown job '${name}'; known jobs: ${JOBS.map((j) => j.name).join(', ')}`);
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const result = await runJob(ctx, job, 'manual');
        output.result(
          result,
          () =>
            `${result.job_name}: ${result.outcome}${result.reason ? ` (${result.reason})` : ''}${result.error ? ` — ${result.error}` : ''} ${JSON.stringify(result.counts)}`,
        );
        if (result.outcome === 'failed') process.exitCode = 1;
      });
    });
}

/** Each job with its schedule and what it does, for `jobs:run --help`. */
export function formatJobList(jobs: readonly Job[]): string {
  const width = Math.max(...jobs.map((job) => job.name.length));
  return jobs.map((job) => `  ${job.name.padEnd(width)}  ${job.schedule.padEnd(13)} ${job.description}`).join('\n');
}
