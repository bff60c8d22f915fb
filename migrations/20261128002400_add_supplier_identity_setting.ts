import type { Knex } from 'knex';

/**
 * The supplier's identity (the cXML `To` credential) beside the rest of the supplier settings. Null
 * means "not set here yet": the SUPPLIER_IDENTITY environment variable then stands in as the default.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('punchout_settings', (table) => {
    table.text('supplier_identity');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('punchout_settings', (table) => {
    table.dropColumn('supplier_identity');
  });
}
