import type { Knex } from 'knex';

const ORDER_STATUSES = ['pending', 'approved', 'submitted', 'failed', 'rejected'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE orders_display_seq_seq AS bigint START 1001');
  await knex.schema.createTable('orders', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.bigInteger('display_seq').notNullable().unique().defaultTo(knex.raw(`nextval('orders_display_seq_seq')`));
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.text('user_email').notNullable();
    table.text('status').notNullable().defaultTo('pending');
    table.text('rejection_reason');
    table.decimal('total_amount', 12, 2).notNullable().defaultTo(0);
    table.text('notes');
    table.text('delivery_location').notNullable().defaultTo('Default');
    table.text('priority').notNullable().defaultTo('normal');
    // Copy of the requester's address taken when the order is sent to the supplier.
    table.text('ship_to_full_name');
    table.text('ship_to_street_line1');
    table.text('ship_to_street_line2');
    table.text('ship_to_city');
    table.specificType('ship_to_state', 'char(2)');
    table.text('ship_to_postal_code');
    table.specificType('ship_to_country', 'char(2)');
    table.text('ship_to_phone');
    table.uuid('approved_by').references('users.id').onDelete('SET NULL');
    table.text('approval_source');
    table.timestamp('approved_at', { useTz: true });
    table.uuid('rejected_by').references('users.id').onDelete('SET NULL');
    table.timestamp('rejected_at', { useTz: true });
    table.timestamp('submitted_at', { useTz: true });
    table.timestamp('failed_at', { useTz: true });
    // Supplier submission identity: reused on every retry so the supplier can deduplicate.
    table.text('payload_id').unique();
    table.timestamp('submission_started_at', { useTz: true });
    table.integer('submission_attempts').notNullable().defaultTo(0);
    table.text('supplier_order_id');
    table.timestamps(true, true);
    table.check(`status IN (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`, [], 'orders_status_check');
    table.check(`priority IN ('low', 'normal', 'high', 'urgent')`, [], 'orders_priority_check');
    table.check('total_amount >= 0', [], 'orders_total_amount_check');
    table.check(`ship_to_state IS NULL OR ship_to_state ~ '^[A-Z]{2}$'`, [], 'orders_ship_to_state_check');
    table.check(`ship_to_country IS NULL OR ship_to_country ~ '^[A-Z]{2}$'`, [], 'orders_ship_to_country_check');
    table.check(
      `approval_source IS NULL OR approval_source IN ('admin', 'system')`,
      [],
      'orders_approval_source_check',
    );
    table.check(`status <> 'rejected' OR rejection_reason IS NOT NULL`, [], 'orders_rejection_reason_check');
  });
  // order_number is derived from display_seq, so neither can ever repeat or disagree; past
  // 999999 it simply grows a digit (lpad would otherwise truncate).
  await knex.raw(
    `ALTER TABLE orders ADD COLUMN order_number text GENERATED ALWAYS AS ('SO-' || lpad(display_seq::text, greatest(6, length(display_seq::text)), '0')) STORED`,
  );
  await knex.raw('ALTER TABLE orders ADD CONSTRAINT orders_order_number_unique UNIQUE (order_number)');
  await knex.raw('ALTER SEQUENCE orders_display_seq_seq OWNED BY orders.display_seq');
  await knex.raw('CREATE INDEX orders_user_created_index ON orders (user_id, created_at DESC)');
  await knex.raw('CREATE INDEX orders_status_created_index ON orders (status, created_at DESC)');
  await knex.raw('CREATE INDEX orders_created_index ON orders (created_at DESC)');
  await knex.raw('CREATE INDEX orders_department_index ON orders (delivery_location)');

  await knex.schema.createTable('order_items', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.uuid('product_id').references('products.id').onDelete('SET NULL');
    // Snapshot at submission: later catalogue edits never rewrite history.
    table.text('asin').notNullable();
    table.text('sku');
    table.text('title').notNullable();
    table.integer('quantity').notNullable();
    table.decimal('unit_price', 12, 2).notNullable();
    table.decimal('total_price', 12, 2).notNullable();
    table.unique(['order_id', 'line_number']);
    table.check('quantity > 0', [], 'order_items_quantity_check');
    table.check('unit_price >= 0', [], 'order_items_unit_price_check');
    table.check('total_price = unit_price * quantity', [], 'order_items_total_price_check');
  });
  await knex.raw('CREATE INDEX order_items_asin_index ON order_items (asin)');
  await knex.raw('CREATE INDEX order_items_product_index ON order_items (product_id)');

  // The cart lives on the server, one line per product per user.
  await knex.schema.createTable('cart_items', (table) => {
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    table.integer('quantity').notNullable();
    table.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['user_id', 'product_id']);
    table.check('quantity > 0', [], 'cart_items_quantity_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cart_items');
  await knex.schema.dropTableIfExists('order_items');
  await knex.schema.dropTableIfExists('orders');
  await knex.raw('DROP SEQUENCE IF EXISTS orders_display_seq_seq');
}
