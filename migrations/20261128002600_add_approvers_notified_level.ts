import type { Knex } from 'knex';

/**
 * The highest approval level whose approvers were told of an order (null: none yet). The mail
 * after a submission runs after the answer and auto-approval, so an approval given meanwhile could
 * work out the same next level as it; each level's mails are queued only by the one call that
 * raises this, in the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.integer('approvers_notified_level');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.dropColumn('approvers_notified_level');
  });
}
