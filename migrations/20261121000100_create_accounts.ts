import type { Knex } from 'knex';

const ROLE_VALUES = [
  'admin',
  'super_admin',
  'finance',
  'logistics_admin',
  'provider',
  'nurse',
  'doctor',
  'user',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('email').notNullable();
    table.boolean('email_verified').notNullable().defaultTo(false);
    table.text('status').notNullable().defaultTo('active');
    table.timestamp('disabled_at', { useTz: true });
    table.timestamps(true, true);
    table.check(`status IN ('active', 'disabled')`, [], 'users_status_check');
    table.check(`email = lower(email) AND email LIKE '%_@_%'`, [], 'users_email_check');
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (email)');

  await knex.schema.createTable('password_credentials', (table) => {
    table.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    table.text('password_hash').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('password_reset_tokens', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    table.text('token_hash').notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('external_identities', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('provider').notNullable();
    table.text('subject').notNullable();
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    table.text('email');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('last_sign_in_at', { useTz: true });
    table.unique(['provider', 'subject']);
  });

  // The table connect-pg-simple expects, plus the owner for "end all sessions of a user".
  await knex.schema.createTable('sessions', (table) => {
    table.string('sid').primary();
    table.json('sess').notNullable();
    table.timestamp('expire', { precision: 6 }).notNullable().index();
  });

  await knex.schema.createTable('user_roles', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('role').notNullable();
    table.uuid('granted_by').references('users.id').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['user_id', 'role']);
    table.check(`role IN (${ROLE_VALUES.map((role) => `'${role}'`).join(', ')})`, [], 'user_roles_role_check');
  });
  await knex.raw('CREATE INDEX user_roles_role_index ON user_roles (role)');

  await knex.schema.createTable('profiles', (table) => {
    table.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    table.text('username');
    table.text('first_name');
    table.text('last_name');
    table.text('phone');
    table.text('avatar_url');
    table.text('department');
    table.text('default_ship_to');
    table.integer('years_experience');
    table.text('emergency_contact_name');
    table.text('emergency_contact_phone');
    table.text('npi');
    table.text('license_number');
    table.text('specialty');
    table.text('practice_address');
    table.boolean('onboarding_completed').notNullable().defaultTo(false);
    table.boolean('onboarding_approved').notNullable().defaultTo(false);
    table.text('approval_notes');
    table.uuid('approved_by').references('users.id').onDelete('SET NULL');
    table.timestamp('approved_at', { useTz: true });
    table.timestamps(true, true);
    table.check('char_length(first_name) <= 50 AND char_length(last_name) <= 50', [], 'profiles_name_length_check');
    table.check('years_experience IS NULL OR years_experience BETWEEN 0 AND 80', [], 'profiles_years_check');
    table.check(`npi IS NULL OR npi ~ '^[0-9]{10}$'`, [], 'profiles_npi_check');
  });
  await knex.raw('CREATE INDEX profiles_pending_approval_index ON profiles (created_at) WHERE NOT onboarding_approved');

  await knex.schema.createTable('shipping_addresses', (table) => {
    table.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    table.text('full_name').notNullable();
    table.text('street_line1').notNullable();
    table.text('street_line2');
    table.text('city').notNullable();
    table.specificType('state', 'char(2)').notNullable();
    table.text('postal_code').notNullable();
    table.specificType('country', 'char(2)').notNullable().defaultTo('US');
    table.text('phone');
    table.timestamps(true, true);
    table.check(`state ~ '^[A-Z]{2}$'`, [], 'shipping_addresses_state_check');
    table.check(`country ~ '^[A-Z]{2}$'`, [], 'shipping_addresses_country_check');
    table.check(
      `btrim(full_name) <> '' AND btrim(street_line1) <> '' AND btrim(city) <> '' AND btrim(postal_code) <> ''`,
      [],
      'shipping_addresses_required_check',
    );
  });

  await knex.schema.createTable('mfa_totp_factors', (table) => {
    table.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    table.text('secret_encrypted').notNullable();
    table.specificType('recovery_code_hashes', 'text[]').notNullable().defaultTo('{}');
    table.timestamp('confirmed_at', { useTz: true });
    table.bigInteger('last_used_step');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('sso_providers', (table) => {
    table.text('id').primary();
    table.text('entity_id').notNullable().unique();
    table.specificType('domains', 'text[]').notNullable();
    table.text('entry_point');
    table.text('idp_certificate');
    table.text('idp_metadata_xml');
    table.boolean('is_enabled').notNullable().defaultTo(true);
    table.timestamps(true, true);
    table.check('cardinality(domains) > 0', [], 'sso_providers_domains_check');
    table.check(`entry_point IS NULL OR entry_point ~ '^(http|https)://'`, [], 'sso_providers_entry_point_check');
  });
  await knex.raw('CREATE INDEX sso_providers_domains_index ON sso_providers USING gin (domains)');

  // Assertion ids already consumed, shared by every instance so a replay is refused anywhere.
  await knex.schema.createTable('saml_consumed_assertions', (table) => {
    table.text('assertion_id').primary();
    table.text('provider_id').notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'saml_consumed_assertions',
    'sso_providers',
    'mfa_totp_factors',
    'shipping_addresses',
    'profiles',
    'user_roles',
    'sessions',
    'external_identities',
    'password_reset_tokens',
    'password_credentials',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
