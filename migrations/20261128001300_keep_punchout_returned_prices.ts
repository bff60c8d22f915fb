import type { Knex } from 'knex';

/**
 * The prices PunchOut carts came back with, kept after their lines leave the cart, so a later cart
 * or order of the same supplier part can be compared with the last price seen; and, per ordered
 * PunchOut line, the earlier price it fell below (shown to approvers; null when it did not).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('punchout_returned_lines', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('session_id').notNullable().references('punchout_sessions.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.text('supplier_part_id').notNullable();
    table.text('unit_of_measure').notNullable();
    table.decimal('unit_price', 12, 2).notNullable();
    table.timestamp('returned_at', { useTz: true }).notNullable();
    // A price that was itself a drop is never the last price a later one is compared with.
    table.boolean('is_price_drop').notNullable().defaultTo(false);
    table.unique(['session_id', 'line_number']);
  });
  await knex.raw(
    `CREATE INDEX punchout_returned_lines_part_index
       ON punchout_returned_lines (supplier_part_id, unit_of_measure, returned_at DESC)`,
  );

  await knex.schema.alterTable('order_punchout_lines', (table) => {
    table.decimal('previous_unit_price', 12, 2);
    table.text('previous_order_number');
    table.timestamp('previous_seen_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_punchout_lines', (table) => {
    table.dropColumn('previous_seen_at');
    table.dropColumn('previous_order_number');
    table.dropColumn('previous_unit_price');
  });
  await knex.schema.dropTableIfExists('punchout_returned_lines');
}
