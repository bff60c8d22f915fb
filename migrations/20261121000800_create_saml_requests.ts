import type { Knex } from 'knex';

/** AuthnRequest ids we issued, so InResponseTo is checked by whichever instance receives the answer. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saml_request_ids', (table) => {
    table.text('request_id').primary();
    table.text('value').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('saml_request_ids');
}
