import type { Knex } from 'knex';

/**
 * The outbox sender's bookkeeping: a mail being sent is leased until next_attempt_at (a sender that
 * crashed mid-way gives it back when the lease runs out), and a failed one waits until then for
 * its next attempt. Due pending or failed mail is found through a partial index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_outbox', (table) => {
    table.timestamp('next_attempt_at', { useTz: true });
  });
  await knex.raw(`DROP INDEX IF EXISTS email_outbox_pending_index`);
  await knex.raw(
    `CREATE INDEX email_outbox_due_index ON email_outbox (coalesce(next_attempt_at, created_at))
     WHERE status IN ('pending', 'failed')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS email_outbox_due_index`);
  await knex.raw(`CREATE INDEX email_outbox_pending_index ON email_outbox (created_at) WHERE status = 'pending'`);
  await knex.schema.alterTable('email_outbox', (table) => {
    table.dropColumn('next_attempt_at');
  });
}
