import type { Knex } from 'knex';

/**
 * A STAT order: the requester needs it today and says why. The reason is kept beside the flag so
 * the STAT report can count how often, and for what, each department runs out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.boolean('is_urgent').notNullable().defaultTo(false);
    table.text('urgent_reason');
  });
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_urgent_reason_check
       CHECK ((is_urgent AND char_length(urgent_reason) BETWEEN 3 AND 200) OR (NOT is_urgent AND urgent_reason IS NULL))`,
  );
  // The STAT report reads only the few urgent orders of a period.
  await knex.raw('CREATE INDEX orders_urgent_created_index ON orders (created_at) WHERE is_urgent');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS orders_urgent_created_index');
  await knex.schema.alterTable('orders', (table) => {
    table.dropChecks(['orders_urgent_reason_check']);
    table.dropColumn('urgent_reason');
    table.dropColumn('is_urgent');
  });
}
