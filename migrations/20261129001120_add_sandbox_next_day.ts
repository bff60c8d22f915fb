import type { Knex } from 'knex';

/**
 * The sandbox supplier's follow-up documents of a STAT order: sent at once and promising next-day
 * delivery, where an ordinary order's wait for the configured delays.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sandbox_supplier_documents', (table) => {
    table.boolean('is_next_day').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sandbox_supplier_documents', (table) => {
    table.dropColumn('is_next_day');
  });
}
