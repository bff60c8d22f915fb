import type { Knex } from 'knex';

/**
 * A count's top-up submitted as an order: the order names the location it restocks
 * (its delivery location), and the count the order it became — once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.uuid('location_id').references('id').inTable('locations').onDelete('SET NULL');
  });
  await knex.raw('CREATE INDEX orders_location_index ON orders (location_id) WHERE location_id IS NOT NULL');
  await knex.schema.alterTable('location_counts', (table) => {
    table.uuid('order_id').references('id').inTable('orders').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('location_counts', (table) => {
    table.dropColumn('order_id');
  });
  await knex.raw('DROP INDEX IF EXISTS orders_location_index');
  await knex.schema.alterTable('orders', (table) => {
    table.dropColumn('location_id');
  });
}
