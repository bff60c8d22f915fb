import type { Knex } from 'knex';

/**
 * A ceiling on one order's total (200 lines of one product once made a $49.9 M pending order).
 * Part of the automation preferences; $250,000 unless an administrator changes it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_settings', (table) => {
    table.decimal('max_order_total', 12, 2).notNullable().defaultTo(250000);
    table.check('max_order_total > 0', [], 'automation_settings_max_order_total_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_settings', (table) => {
    table.dropChecks('automation_settings_max_order_total_check');
    table.dropColumn('max_order_total');
  });
}
