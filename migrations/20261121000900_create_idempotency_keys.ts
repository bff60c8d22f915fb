import type { Knex } from 'knex';

/** Order submissions already answered, per user and client key: a retry gets the same order back. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (table) => {
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('key').notNullable();
    table.text('request_hash').notNullable();
    table.uuid('order_id').references('orders.id').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).index();
    table.primary(['user_id', 'key']);
    table.check(`char_length(key) BETWEEN 8 AND 200`, [], 'idempotency_keys_key_check');
  });
  await knex.raw('CREATE INDEX products_active_category_index ON products (category, title) WHERE active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS products_active_category_index');
  await knex.schema.dropTableIfExists('idempotency_keys');
}
