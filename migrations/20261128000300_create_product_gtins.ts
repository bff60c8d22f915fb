import type { Knex } from 'knex';

/**
 * Barcodes: one GTIN per packaging level of a product (each, box, case) with the
 * units it holds. Stored as 14 digits so an EAN-13 and the same article's AI (01) are one key; a
 * GTIN names one product only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_gtins', (table) => {
    table.text('gtin').primary();
    table.uuid('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
    table.integer('units').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`gtin ~ '^[0-9]{14}$'`, [], 'product_gtins_gtin_check');
    table.check('units BETWEEN 1 AND 100000', [], 'product_gtins_units_check');
  });
  await knex.raw('CREATE INDEX product_gtins_product_index ON product_gtins (product_id, units)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('product_gtins');
}
