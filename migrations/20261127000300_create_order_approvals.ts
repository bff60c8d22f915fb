import type { Knex } from 'knex';

/**
 * Approval levels: the rules are rows of approval_levels (threshold and the roles that
 * may approve at it), one level by default — threshold 0, admin — which is today's behaviour. Each
 * approval an order receives is a row of order_approvals: one per level, and one per person, so two
 * approvers at the same level, or one approver twice, can never both be recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('approval_levels', (table) => {
    table.smallint('level').primary();
    table.decimal('threshold', 12, 2).notNullable();
    table.specificType('roles', 'text[]').notNullable();
    table.uuid('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('level >= 1', [], 'approval_levels_level_check');
    table.check('threshold >= 0', [], 'approval_levels_threshold_check');
    table.check('cardinality(roles) >= 1', [], 'approval_levels_roles_check');
  });
  await knex('approval_levels').insert({ level: 1, threshold: 0, roles: ['admin'] });

  await knex.schema.createTable('order_approvals', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.smallint('level').notNullable();
    // null: the system (auto-approval), which stands in for the first level only.
    table.uuid('approver_user_id').references('users.id').onDelete('SET NULL');
    table.text('approver_label').notNullable();
    table.timestamp('approved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['order_id', 'level']);
    table.check('level >= 1', [], 'order_approvals_level_check');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX order_approvals_one_per_person ON order_approvals (order_id, approver_user_id)
     WHERE approver_user_id IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_approvals');
  await knex.schema.dropTableIfExists('approval_levels');
}
