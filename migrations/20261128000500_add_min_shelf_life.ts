import type { Knex } from 'knex';

/**
 * Short shelf life at receipt: each product's minimum remaining shelf life in days
 * (90 unless set; 0 turns the check off for the item), and on each receipt line whether the lot was
 * accepted although it expires sooner. The catalogue import never names the column: it keeps its value.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.integer('min_shelf_life_days').notNullable().defaultTo(90);
    table.check('min_shelf_life_days BETWEEN 0 AND 3650', [], 'products_min_shelf_life_days_check');
  });
  await knex.schema.alterTable('order_receipt_lines', (table) => {
    table.boolean('short_shelf_life').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_receipt_lines', (table) => {
    table.dropColumn('short_shelf_life');
  });
  await knex.schema.alterTable('products', (table) => {
    table.dropChecks('products_min_shelf_life_days_check');
    table.dropColumn('min_shelf_life_days');
  });
}
