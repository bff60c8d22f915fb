import type { Knex } from 'knex';

/**
 * Standing orders: items and quantities ordered on a schedule (weekly on chosen
 * weekdays or monthly on a day) from a start date to an optional end date, paused and resumed by
 * their owner. Each occurrence is a row keyed by its date: the unique key is what keeps a date
 * from ever producing two orders, across restarts and instances.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('standing_orders', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('name').notNullable();
    table.jsonb('schedule').notNullable();
    table.date('start_date').notNullable();
    table.date('end_date');
    table.boolean('paused').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('char_length(name) BETWEEN 1 AND 100', [], 'standing_orders_name_check');
    table.check('end_date IS NULL OR end_date >= start_date', [], 'standing_orders_dates_check');
    table.index(['user_id']);
  });
  await knex.schema.createTable('standing_order_lines', (table) => {
    table.uuid('standing_order_id').notNullable().references('id').inTable('standing_orders').onDelete('CASCADE');
    table.integer('position').notNullable();
    table.text('asin').notNullable();
    table.integer('quantity').notNullable();
    table.primary(['standing_order_id', 'position']);
    table.unique(['standing_order_id', 'asin']);
    table.check('quantity > 0', [], 'standing_order_lines_quantity_check');
  });
  await knex.schema.createTable('standing_order_occurrences', (table) => {
    table.bigIncrements('id');
    table.uuid('standing_order_id').notNullable().references('id').inTable('standing_orders').onDelete('CASCADE');
    table.date('occurrence_date').notNullable();
    table.text('status').notNullable().defaultTo('claimed');
    table.uuid('order_id').references('id').inTable('orders').onDelete('SET NULL');
    table.text('reason');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('finished_at', { useTz: true });
    table.unique(['standing_order_id', 'occurrence_date']);
    table.check(`status IN ('claimed', 'ordered', 'skipped')`, [], 'standing_order_occurrences_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('standing_order_occurrences');
  await knex.schema.dropTableIfExists('standing_order_lines');
  await knex.schema.dropTableIfExists('standing_orders');
}
