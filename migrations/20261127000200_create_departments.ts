import type { Knex } from 'knex';

/**
 * Departments (cost centres): a managed list replacing the free-text department.
 * A profile and an order refer to one; `profiles.department` stays as the department's name (kept
 * by the departments service) and `orders.delivery_location` stays the name recorded at submission.
 * Codes are upper case (the API upper-cases them) and unique; a department is deactivated, never deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('departments', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('code').notNullable().unique();
    table.text('name').notNullable();
    table.boolean('active').notNullable().defaultTo(true);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`code ~ '^[A-Z0-9][A-Z0-9_-]{0,19}$'`, [], 'departments_code_check');
    table.check(`btrim(name) <> ''`, [], 'departments_name_check');
  });
  await knex.schema.alterTable('profiles', (table) => {
    table.uuid('department_id').references('id').inTable('departments').onDelete('RESTRICT');
    table.index(['department_id'], 'profiles_department_id_index');
  });
  await knex.schema.alterTable('orders', (table) => {
    table.uuid('department_id').references('id').inTable('departments').onDelete('RESTRICT');
    table.index(['department_id', 'created_at'], 'orders_department_id_created_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => table.dropColumn('department_id'));
  await knex.schema.alterTable('profiles', (table) => table.dropColumn('department_id'));
  await knex.schema.dropTable('departments');
}
