import type { Knex } from 'knex';

/**
 * Runs left 'running' by a crashed process never finish: they are marked failed, so the next
 * migration can allow only one running run per job. Data only; the schema change is its own file.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('job_runs')
    .where({ outcome: 'running' })
    .update({ outcome: 'failed', error: 'left running by a stopped instance', finished_at: knex.fn.now() });
}

export async function down(): Promise<void> {
  // Nothing to undo: a run marked failed was never going to finish.
}
