import type { Knex } from 'knex';

/**
 * The site (hospital, clinic) a department belongs to, for groups that run several: free text,
 * optional, shown beside the department and set by the departments CSV import.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('departments', (table) => {
    table.text('site');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('departments', (table) => {
    table.dropColumn('site');
  });
}
