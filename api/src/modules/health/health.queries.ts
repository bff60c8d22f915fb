import type { Db } from '../../database/connection.js';

export interface LatestJobRun {
  job_name: string;
  outcome: string;
  started_at: Date;
  finished_at: Date | null;
}

/** The newest run of each job, for the health endpoint and pages. */
export function selectLatestJobRuns(db: Db): Promise<LatestJobRun[]> {
  return db('job_runs')
    .distinctOn('job_name')
    .select('job_name', 'outcome', 'started_at', 'finished_at')
    .orderBy([{ column: 'job_name' }, { column: 'started_at', order: 'desc' }]);
}
