import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Singleton rows (id = 1): one configuration per deployment.
  await knex.schema.createTable('punchout_settings', (table) => {
    table.smallint('id').primary().defaultTo(1);
    table.text('punchout_url');
    table.text('test_punchout_url');
    table.text('identity');
    table.text('shared_secret_encrypted');
    table.boolean('test_mode').notNullable().defaultTo(true);
    table.uuid('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('id = 1', [], 'punchout_settings_singleton_check');
    table.check(`punchout_url IS NULL OR punchout_url ~ '^(http|https)://'`, [], 'punchout_settings_url_check');
    table.check(
      `test_punchout_url IS NULL OR test_punchout_url ~ '^(http|https)://'`,
      [],
      'punchout_settings_test_url_check',
    );
  });

  await knex.schema.createTable('company_settings', (table) => {
    table.smallint('id').primary().defaultTo(1);
    table.text('name').notNullable().defaultTo('Supply Hub');
    table.text('contact_email');
    table.text('phone');
    table.text('timezone').notNullable().defaultTo('America/New_York');
    table.text('bill_to_street');
    table.text('bill_to_city');
    table.specificType('bill_to_state', 'char(2)');
    table.text('bill_to_postal_code');
    table.specificType('bill_to_country', 'char(2)').defaultTo('US');
    table.uuid('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('id = 1', [], 'company_settings_singleton_check');
  });

  await knex.schema.createTable('automation_settings', (table) => {
    table.smallint('id').primary().defaultTo(1);
    table.boolean('auto_sync_daily').notNullable().defaultTo(true);
    table.boolean('email_notifications_new_orders').notNullable().defaultTo(true);
    table.boolean('auto_approve_enabled').notNullable().defaultTo(false);
    table.decimal('auto_approve_under_amount', 12, 2).notNullable().defaultTo(100);
    table.uuid('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('id = 1', [], 'automation_settings_singleton_check');
    table.check('auto_approve_under_amount >= 0', [], 'automation_settings_amount_check');
  });
  await knex('company_settings').insert({ id: 1 });
  await knex('automation_settings').insert({ id: 1 });

  await knex.schema.createTable('ab_logs', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('order_id').references('orders.id').onDelete('SET NULL');
    table.text('action').notNullable().defaultTo('ORDER_SUBMISSION');
    table.text('status').notNullable();
    table.integer('http_status');
    table.boolean('test_mode').notNullable();
    table.text('payload_id');
    table.text('target_url');
    table.text('error');
    table.text('request_xml');
    table.text('response_body');
    table.jsonb('request_summary').notNullable().defaultTo('{}');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`status IN ('success', 'failed', 'queued')`, [], 'ab_logs_status_check');
  });
  await knex.raw('CREATE INDEX ab_logs_created_index ON ab_logs (created_at DESC)');
  await knex.raw('CREATE INDEX ab_logs_order_index ON ab_logs (order_id, created_at DESC)');

  await knex.schema.createTable('app_kv', (table) => {
    table.text('key').primary();
    table.jsonb('value').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['app_kv', 'ab_logs', 'automation_settings', 'company_settings', 'punchout_settings']) {
    await knex.schema.dropTableIfExists(table);
  }
}
