import type { AppConfig } from '../config.js';
import type { ServiceContext } from '../context.js';

export interface Job {
  name: string;
  description: string;
  /** Cron expression in the company's timezone. */
  schedule: string;
  runAtStartup: boolean;
  /** Scheduled only where this holds (every deployment when absent); jobs:run runs it anywhere. */
  isEnabledFor?(config: AppConfig): boolean;
  /** Does the work through services and returns the counts kept in job_runs. */
  run(ctx: ServiceContext): Promise<Record<string, number | boolean | string>>;
}
