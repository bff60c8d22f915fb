import type { Knex } from 'knex';

/**
 * Locations and par levels: a ward, store room or par cart of a department, its
 * stock list (per product: par, optional reorder point, pack size — par and reorder point in units,
 * the pack size in units per orderable pack), and the counts taken there (who, when, on hand per
 * item, and the packs the count topped up, for usage and the par review).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('locations', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('name').notNullable();
    table.uuid('department_id').notNullable().references('id').inTable('departments').onDelete('RESTRICT');
    table.boolean('active').notNullable().defaultTo(true);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['department_id']);
    table.check('char_length(name) BETWEEN 1 AND 100', [], 'locations_name_check');
  });
  await knex.schema.createTable('location_stock_lines', (table) => {
    table.uuid('location_id').notNullable().references('id').inTable('locations').onDelete('CASCADE');
    table.uuid('product_id').notNullable().references('id').inTable('products').onDelete('RESTRICT');
    /** The order of the walk along the shelf. */
    table.integer('position').notNullable();
    table.integer('par').notNullable();
    table.integer('reorder_point');
    table.integer('pack_size').notNullable().defaultTo(1);
    table.primary(['location_id', 'product_id'], { constraintName: 'location_stock_lines_location_product_unique' });
    table.check('par > 0', [], 'location_stock_lines_par_check');
    table.check('reorder_point IS NULL OR reorder_point >= 0', [], 'location_stock_lines_reorder_point_check');
    table.check('pack_size >= 1', [], 'location_stock_lines_pack_size_check');
  });
  await knex.schema.createTable('location_counts', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('location_id').notNullable().references('id').inTable('locations').onDelete('CASCADE');
    table.uuid('counted_by').references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('counted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** When its top-up went into the counter's cart (once). */
    table.timestamp('added_to_cart_at', { useTz: true });
    table.index(['location_id', 'counted_at']);
  });
  await knex.schema.createTable('location_count_lines', (table) => {
    table.uuid('count_id').notNullable().references('id').inTable('location_counts').onDelete('CASCADE');
    // No foreign key to products: products are never deleted (only deactivated), and 500 checks per
    // count would triple the time a count takes (npm run bench -- par).
    table.uuid('product_id').notNullable();
    table.integer('on_hand').notNullable();
    // The stock-list line as it was at the count, and the packs it topped up.
    table.integer('par').notNullable();
    table.integer('reorder_point');
    table.integer('pack_size').notNullable();
    table.integer('quantity').notNullable();
    table.primary(['count_id', 'product_id']);
    table.check('on_hand >= 0', [], 'location_count_lines_on_hand_check');
    table.check('quantity >= 0', [], 'location_count_lines_quantity_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('location_count_lines');
  await knex.schema.dropTable('location_counts');
  await knex.schema.dropTable('location_stock_lines');
  await knex.schema.dropTable('locations');
}
