import type { Knex } from 'knex';

/**
 * The group values an identity provider sent at its latest sign-in (null: it sends none), so the
 * SSO Doctor can show a user which groups their role guess saw.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('external_identities', (table) => {
    table.jsonb('groups');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('external_identities', (table) => {
    table.dropColumn('groups');
  });
}
