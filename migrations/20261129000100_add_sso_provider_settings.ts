import type { Knex } from 'knex';

/**
 * What the back office's Single sign-on page edits beside the CLI's fields: a name to show, a
 * second IdP signing certificate (both are accepted while two are set, so a certificate can be
 * rotated without a failed sign-in), the assertion attribute that carries groups (null: the usual
 * names) and the group → role and group → department rules. A test sign-in started by an admin is
 * kept here until the IdP answers, so the answer is shown instead of signing anyone in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sso_providers', (table) => {
    table.text('display_name');
    table.text('idp_secondary_certificate');
    table.text('group_attribute');
    table.jsonb('role_rules').notNullable().defaultTo('[]');
    table.jsonb('department_rules').notNullable().defaultTo('[]');
  });
  await knex.schema.createTable('saml_test_sign_ins', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('provider_id').notNullable().references('id').inTable('sso_providers').onDelete('CASCADE');
    table.text('request_id').notNullable().unique();
    table.uuid('admin_user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // Only the session that started it reads the answer.
    table.text('admin_session_id').notNullable();
    table.jsonb('result');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('completed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('saml_test_sign_ins');
  await knex.schema.alterTable('sso_providers', (table) => {
    table.dropColumn('department_rules');
    table.dropColumn('role_rules');
    table.dropColumn('group_attribute');
    table.dropColumn('idp_secondary_certificate');
    table.dropColumn('display_name');
  });
}
