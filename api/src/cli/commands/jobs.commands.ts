import type { Command } from 'commander';

import { JOBS, findJob } from '../../jobs/registry.js';
import { runJob } from '../../jobs/run-job.js';
import { selectLatestJobRuns } from '../../modules/health/health.queries.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';

export function registerJobCommands(program: Command): void {
  program
    .command('jobs:list')
    .description('List the scheduled jobs with their schedule and last run')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const lastRuns = new Map((await selectLatestJobRuns(ctx.db)).map((run) => [run.job_name, run]));
        const jobs = JOBS.map((job) => {
          const last = lastRuns.get(job.name);
          return {
            name: job.name,
            schedule: job.schedule,
            timezone: ctx.config.companyTimezone,
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
    .argument('<name>', `one of: ${JOBS.map((job) => job.name).join(', ')}`)
    .option('--json', 'machine-readable output')
    .action(async (name: string, options: { json?: boolean }) => {
      const job = findJob(name);
      if (!job) throw new Error(`unknown job '${name}'; known jobs: ${JOBS.map((j) => j.name).join(', ')}`);
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
