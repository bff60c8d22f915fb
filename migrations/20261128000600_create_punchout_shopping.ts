import type { Knex } from 'knex';

/**
 * PunchOut shopping: the supplier's setup URL, one row per shopping session (its
 * BuyerCookie, used once), the lines a returned PunchOutOrderMessage put in a user's cart (priced
 * as quoted), and, per ordered line, what the OrderRequest must echo back to the supplier. The
 * sandbox supplier's own shop sessions live in their own table (demo mode and tests only).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('punchout_settings', (table) => {
    table.text('shop_setup_url');
  });
  await knex.raw(
    `ALTER TABLE punchout_settings ADD CONSTRAINT punchout_settings_shop_setup_url_check
       CHECK (shop_setup_url IS NULL OR shop_setup_url ~ '^(http|https)://')`,
  );

  await knex.schema.createTable('punchout_sessions', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('buyer_cookie').notNullable().unique();
    table.text('payload_id').notNullable();
    table.text('start_page');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('returned_at', { useTz: true });
    table.integer('returned_item_count');
  });
  await knex.raw('CREATE INDEX punchout_sessions_user_index ON punchout_sessions (user_id, created_at DESC)');

  await knex.schema.createTable('punchout_cart_items', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.uuid('session_id').notNullable().references('punchout_sessions.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.text('supplier_part_id').notNullable();
    table.text('supplier_part_auxiliary_id');
    table.text('description').notNullable();
    table.decimal('unit_price', 12, 2).notNullable();
    table.integer('quantity').notNullable();
    table.text('unit_of_measure').notNullable();
    table.text('unspsc');
    table.text('manufacturer_name');
    table.timestamp('added_at', { useTz: true }).notNullable();
    table.unique(['session_id', 'line_number']);
    table.check('quantity > 0 AND quantity <= 9999', [], 'punchout_cart_items_quantity_check');
    table.check('unit_price >= 0', [], 'punchout_cart_items_unit_price_check');
  });
  await knex.raw('CREATE INDEX punchout_cart_items_user_index ON punchout_cart_items (user_id, added_at)');

  // Keyed by the order line's id, without a foreign key: a line an approver rejects moves to
  // order_line_rejections with the same id (docs/adr/0007), and its PunchOut details stay with it.
  await knex.schema.createTable('order_punchout_lines', (table) => {
    table.uuid('line_id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.uuid('session_id').references('punchout_sessions.id').onDelete('SET NULL');
    table.text('supplier_part_auxiliary_id');
    table.text('unit_of_measure').notNullable();
    table.text('unspsc');
  });
  await knex.raw('CREATE INDEX order_punchout_lines_order_index ON order_punchout_lines (order_id)');

  await knex.schema.createTable('sandbox_punchout_sessions', (table) => {
    table.text('token').primary();
    table.text('buyer_cookie').notNullable();
    table.text('return_url').notNullable();
    table.text('user_email');
    table.jsonb('cart').notNullable().defaultTo('[]');
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sandbox_punchout_sessions');
  await knex.schema.dropTableIfExists('order_punchout_lines');
  await knex.schema.dropTableIfExists('punchout_cart_items');
  await knex.schema.dropTableIfExists('punchout_sessions');
  await knex.raw('ALTER TABLE punchout_settings DROP CONSTRAINT IF EXISTS punchout_settings_shop_setup_url_check');
  await knex.schema.alterTable('punchout_settings', (table) => {
    table.dropColumn('shop_setup_url');
  });
}
