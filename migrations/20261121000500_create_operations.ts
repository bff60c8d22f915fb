import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_events', (table) => {
    table.bigIncrements('id');
    table.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.uuid('actor_user_id').references('users.id').onDelete('SET NULL');
    // 'system', 'cli:<os user>' or the actor's e-mail, kept even after the user is gone.
    table.text('actor_label').notNullable();
    table.text('action').notNullable();
    table.text('target_type');
    table.text('target_id');
    table.text('outcome').notNullable().defaultTo('success');
    table.text('client_address');
    table.text('request_id');
    table.jsonb('details').notNullable().defaultTo('{}');
    table.check(`outcome IN ('success', 'failure')`, [], 'audit_events_outcome_check');
  });
  await knex.raw('CREATE INDEX audit_events_occurred_index ON audit_events (occurred_at DESC)');
  await knex.raw('CREATE INDEX audit_events_target_index ON audit_events (target_type, target_id, occurred_at DESC)');
  await knex.raw('CREATE INDEX audit_events_actor_index ON audit_events (actor_user_id, occurred_at DESC)');

  await knex.schema.createTable('job_runs', (table) => {
    table.bigIncrements('id');
    table.text('job_name').notNullable();
    table.text('trigger').notNullable();
    table.text('outcome').notNullable().defaultTo('running');
    table.jsonb('counts').notNullable().defaultTo('{}');
    table.text('error');
    table.text('instance_id').notNullable();
    // The cron tick a scheduled run belongs to: unique, so each tick runs once across instances.
    table.timestamp('scheduled_for', { useTz: true });
    table.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('finished_at', { useTz: true });
    table.check(`outcome IN ('running', 'success', 'failed', 'skipped')`, [], 'job_runs_outcome_check');
    table.check(`trigger IN ('schedule', 'startup', 'manual')`, [], 'job_runs_trigger_check');
  });
  await knex.raw('CREATE INDEX job_runs_name_started_index ON job_runs (job_name, started_at DESC)');
  await knex.raw(
    'CREATE UNIQUE INDEX job_runs_tick_unique ON job_runs (job_name, scheduled_for) WHERE scheduled_for IS NOT NULL',
  );

  await knex.schema.createTable('email_outbox', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('to_address').notNullable();
    table.text('subject').notNullable();
    table.text('text_body').notNullable();
    table.text('template').notNullable();
    table.text('status').notNullable().defaultTo('pending');
    table.integer('attempts').notNullable().defaultTo(0);
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('sent_at', { useTz: true });
    table.check(`status IN ('pending', 'sent', 'failed', 'logged')`, [], 'email_outbox_status_check');
  });
  await knex.raw(`CREATE INDEX email_outbox_pending_index ON email_outbox (created_at) WHERE status = 'pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_outbox');
  await knex.schema.dropTableIfExists('job_runs');
  await knex.schema.dropTableIfExists('audit_events');
}
