import type { Knex } from 'knex';

/**
 * A recall names a lot: the lookup compares lots without case or surrounding spaces
 * (upper(trim(lot)), recalls.queries.ts), so the index is on that expression. Without it the
 * lookup started from every line of the product (tens of thousands at ten million orders) and
 * joined each to its receipt.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX order_receipt_lines_lot_index ON order_receipt_lines (upper(btrim(lot)))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX order_receipt_lines_lot_index');
}
