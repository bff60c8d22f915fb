import type { Knex } from 'knex';

/**
 * A job run is leased instead of held by a transaction: its instance renews heartbeat_at while the
 * job works, and a run whose heartbeat is older than the lease belongs to an instance that is gone.
 * At most one run of a job is 'running' at a time, across instances (the partial unique index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_runs', (table) => {
    table.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`CREATE UNIQUE INDEX job_runs_one_running_unique ON job_runs (job_name) WHERE outcome = 'running'`);
  await knex.raw(`CREATE INDEX job_runs_finished_index ON job_runs (started_at) WHERE outcome <> 'running'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS job_runs_finished_index');
  await knex.raw('DROP INDEX IF EXISTS job_runs_one_running_unique');
  await knex.schema.alterTable('job_runs', (table) => {
    table.dropColumn('heartbeat_at');
  });
}
