import type { Knex } from 'knex';

/**
 * What the patient-data guard on supplier text checks besides its built-in shapes: the
 * organisation's medical record number pattern (null: `MRN` followed by digits) and an
 * administrator's extra patterns. One row, id 1, written on the first save.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('supplier_text_settings', (table) => {
    table.integer('id').primary();
    table.text('medical_record_pattern').nullable();
    table.jsonb('extra_patterns').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('id = 1', [], 'supplier_text_settings_single_row_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('supplier_text_settings');
}
