import type { Knex } from 'knex';

/**
 * Budget owners: the people of a department who receive its budget's threshold alert,
 * with finance, once per period. Set on the department in the back office (budget_owner_ids).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('department_budget_owners', (table) => {
    table.uuid('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['department_id', 'user_id']);
    table.index(['user_id'], 'department_budget_owners_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('department_budget_owners');
}
