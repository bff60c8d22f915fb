import type { Knex } from 'knex';

/**
 * Budgets: one per department, for every period of its kind from the current one
 * until changed. Every save is kept in budget_changes; budget_alerts records the threshold e-mail
 * sent for a period (once per period); orders.over_budget flags an order a warn budget let through.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('budgets', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('department_id').notNullable().unique().references('id').inTable('departments').onDelete('RESTRICT');
    table.text('period').notNullable();
    table.decimal('amount', 12, 2).notNullable();
    table.text('policy').notNullable();
    table.integer('alert_threshold').notNullable().defaultTo(80);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`period IN ('month', 'quarter', 'year')`, [], 'budgets_period_check');
    table.check(`policy IN ('stop', 'warn')`, [], 'budgets_policy_check');
    table.check('amount >= 0', [], 'budgets_amount_check');
    table.check('alert_threshold BETWEEN 1 AND 100', [], 'budgets_alert_threshold_check');
  });
  await knex.schema.createTable('budget_changes', (table) => {
    table.bigIncrements('id');
    table.uuid('budget_id').notNullable().references('id').inTable('budgets').onDelete('CASCADE');
    table.text('period').notNullable();
    table.decimal('amount', 12, 2).notNullable();
    table.text('policy').notNullable();
    table.integer('alert_threshold').notNullable();
    table.uuid('changed_by').references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['budget_id', 'changed_at']);
  });
  await knex.schema.createTable('budget_alerts', (table) => {
    table.uuid('budget_id').notNullable().references('id').inTable('budgets').onDelete('CASCADE');
    table.timestamp('period_start', { useTz: true }).notNullable();
    table.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['budget_id', 'period_start']);
  });
  await knex.schema.alterTable('orders', (table) => {
    table.boolean('over_budget').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => table.dropColumn('over_budget'));
  await knex.schema.dropTable('budget_alerts');
  await knex.schema.dropTable('budget_changes');
  await knex.schema.dropTable('budgets');
}
