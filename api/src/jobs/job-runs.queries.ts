import type { Db } from '../database/connection.js';

/** A run's record; returns its id, or undefined when the job is running or the tick already ran. */
export async function claimRun(
  db: Db,
  run: { jobName: string; trigger: string; instanceId: string; now: Date; scheduledFor: Date | null },
): Promise<number | undefined> {
  const claim = await db.raw<{ rows: { id: number }[] }>(
    `INSERT INTO job_runs (job_name, trigger, instance_id, started_at, heartbeat_at, scheduled_for)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [run.jobName, run.trigger, run.instanceId, run.now, run.now, run.scheduledFor],
  );
  return claim.rows[0]?.id;
}

export async function isJobRunning(db: Db, jobName: string): Promise<boolean> {
  return Boolean(await db('job_runs').where({ job_name: jobName, outcome: 'running' }).first('id'));
}

export async function renewHeartbeat(db: Db, runId: number, now: Date): Promise<void> {
  await db('job_runs').where({ id: runId, outcome: 'running' }).update({ heartbeat_at: now });
}

/** Records the outcome; false when the run was no longer 'running' (its lease was taken). */
export async function finishRun(
  db: Db,
  runId: number,
  result: { outcome: 'success' | 'failed'; counts?: Record<string, unknown>; error?: string; finishedAt: Date },
): Promise<boolean> {
  const updated = await db('job_runs')
    .where({ id: runId, outcome: 'running' })
    .update({
      outcome: result.outcome,
      counts: result.counts ?? {},
      error: result.error ?? null,
      finished_at: result.finishedAt,
    });
  return updated > 0;
}

/** Running runs whose heartbeat is older than `staleBefore` (of one job, or all) become failed. */
export async function failExpiredRuns(db: Db, staleBefore: Date, now: Date, jobName?: string): Promise<number> {
  return db('job_runs')
    .where({ outcome: 'running' })
    .andWhere('heartbeat_at', '<', staleBefore)
    .modify((query) => {
      if (jobName) void query.andWhere({ job_name: jobName });
    })
    .update({ outcome: 'failed', error: 'its instance stopped while it ran', finished_at: now });
}

/** Deletes finished runs started before the cutoff, a batch at a time so no statement runs long. */
export async function deleteFinishedRunsBefore(db: Db, cutoff: Date, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db('job_runs')
      .whereIn(
        'id',
        db('job_runs')
          .select('id')
          .whereNot({ outcome: 'running' })
          .andWhere('started_at', '<', cutoff)
          .limit(batchSize),
      )
      .delete();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
