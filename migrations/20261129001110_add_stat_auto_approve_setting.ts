import type { Knex } from 'knex';

/**
 * The amount a STAT order's total must stay under to be approved by the system at once, apart from
 * the ordinary auto-approval; null (the default) approves no STAT order automatically.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_settings', (table) => {
    table.decimal('stat_auto_approve_under', 12, 2);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_settings', (table) => {
    table.dropColumn('stat_auto_approve_under');
  });
}
