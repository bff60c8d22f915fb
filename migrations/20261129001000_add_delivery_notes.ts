import type { Knex } from 'knex';

/**
 * Delivery instructions the requester writes for the supplier ("deliver to bed bay 3"): on orders and
 * on standing orders, whose occurrences copy it. At most 500 characters, as the API accepts.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['orders', 'standing_orders']) {
    await knex.schema.alterTable(table, (columns) => {
      columns.text('delivery_note').nullable();
      columns.check('char_length(delivery_note) <= 500', [], `${table}_delivery_note_length_check`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['orders', 'standing_orders']) {
    await knex.schema.alterTable(table, (columns) => {
      columns.dropChecks(`${table}_delivery_note_length_check`);
      columns.dropColumn('delivery_note');
    });
  }
}
