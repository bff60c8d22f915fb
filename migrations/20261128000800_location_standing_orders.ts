import type { Knex } from 'knex';

/**
 * Standing orders an administrator sets for a ward location: the location is the
 * orders' delivery location, placed as a requester of the ward; who set it is kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('standing_orders', (table) => {
    table.uuid('location_id').references('id').inTable('locations');
    table.uuid('created_by').references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw(
    'CREATE INDEX standing_orders_location_index ON standing_orders (location_id) WHERE location_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS standing_orders_location_index');
  await knex.schema.alterTable('standing_orders', (table) => {
    table.dropColumn('created_by');
    table.dropColumn('location_id');
  });
}
