import { catalogBootstrapJob } from './catalog-bootstrap.job.js';
import { catalogReseedJob } from './catalog-reseed.job.js';
import { expiredSessionCleanupJob } from './expired-session-cleanup.job.js';
import type { Job } from './job.js';

export const JOBS: readonly Job[] = [catalogBootstrapJob, catalogReseedJob, expiredSessionCleanupJob];

export function findJob(name: string): Job | undefined {
  return JOBS.find((job) => job.name === name);
}
