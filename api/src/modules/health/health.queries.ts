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

const UNDEFINED_TABLE = '42P01';

/**
 * The names of the applied migrations, read without the migrator (whose list() creates its table:
 * a probe must not write). An empty database without the table has applied none.
 */
export async function selectAppliedMigrationNames(db: Db): Promise<string[]> {
  try {
    return await db('knex_migrations').pluck('name');
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
