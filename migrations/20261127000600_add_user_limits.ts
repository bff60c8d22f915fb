import type { Knex } from 'knex';

/**
 * Per-user limits: an optional per-order and monthly limit on a user (profiles, in
 * USD). An order records the per-order limit it was submitted under (orders.order_limit), so a later
 * edit of the user never changes what a pending order needs; orders.over_limit flags an order a warn
 * budget let through over the user's monthly limit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (table) => {
    table.decimal('order_limit', 12, 2).nullable();
    table.decimal('monthly_limit', 12, 2).nullable();
    table.check('order_limit >= 0', [], 'profiles_order_limit_check');
    table.check('monthly_limit >= 0', [], 'profiles_monthly_limit_check');
  });
  await knex.schema.alterTable('orders', (table) => {
    table.decimal('order_limit', 12, 2).nullable();
    table.boolean('over_limit').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.dropColumn('over_limit');
    table.dropColumn('order_limit');
  });
  await knex.schema.alterTable('profiles', (table) => {
    table.dropChecks(['profiles_order_limit_check', 'profiles_monthly_limit_check']);
    table.dropColumn('monthly_limit');
    table.dropColumn('order_limit');
  });
}
