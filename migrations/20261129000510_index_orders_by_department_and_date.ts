import type { Knex } from 'knex';

/**
 * The admin orders list filtered by department is read newest first (created_at, then
 * display_seq): with the department alone indexed, the page walked every order by date and dropped
 * the other departments' (59 in 60 at sixty departments). The new index serves the filter, the
 * order and the count; it replaces the one on the department alone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX orders_department_created_index ON orders (delivery_location, created_at DESC, display_seq DESC)',
  );
  await knex.raw('DROP INDEX orders_department_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX orders_department_index ON orders (delivery_location)');
  await knex.raw('DROP INDEX orders_department_created_index');
}
