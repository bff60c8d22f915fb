import type { Knex } from 'knex';

/**
 * Supplier invoices and their three-way match: each InvoiceDetailRequest the
 * supplier sends is kept with its lines and the reasons the match found per line (and for the
 * whole invoice); finance decides the exceptions. The supplier is answered with a
 * StatusUpdateRequest from a durable outbox. The price tolerance is a one-row setting.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('order_id').notNullable().references('orders.id').onDelete('RESTRICT');
    table.bigInteger('inbound_document_id').notNullable().references('inbound_documents.id').onDelete('RESTRICT');
    table.text('payload_id').notNullable().unique();
    table.text('supplier_identity').notNullable();
    table.text('invoice_id').notNullable();
    table.timestamp('invoice_date', { useTz: true }).notNullable();
    table.text('currency').notNullable();
    table.decimal('subtotal_amount', 12, 2).notNullable();
    table.decimal('tax_amount', 12, 2).notNullable();
    table.decimal('gross_amount', 12, 2);
    table.decimal('net_amount', 12, 2).notNullable();
    table.decimal('due_amount', 12, 2);
    table.decimal('price_tolerance_percent', 5, 2).notNullable();
    table.text('status').notNullable();
    table.jsonb('reasons').notNullable().defaultTo('[]');
    table.uuid('decided_by').references('users.id').onDelete('SET NULL');
    table.text('decided_by_label');
    table.timestamp('decided_at', { useTz: true });
    table.text('decision_note');
    table.timestamp('received_at', { useTz: true }).notNullable();
    table.check(`status IN ('matched', 'exception', 'accepted', 'disputed')`, [], 'invoices_status_check');
    table.check(`(status IN ('accepted', 'disputed')) = (decided_at IS NOT NULL)`, [], 'invoices_decision_check');
  });
  await knex.raw('CREATE INDEX invoices_supplier_invoice_index ON invoices (supplier_identity, invoice_id)');
  await knex.raw('CREATE INDEX invoices_status_index ON invoices (status, received_at DESC)');
  await knex.raw('CREATE INDEX invoices_order_index ON invoices (order_id)');

  await knex.schema.createTable('invoice_lines', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('invoice_id').notNullable().references('invoices.id').onDelete('CASCADE');
    table.integer('invoice_line_number').notNullable();
    table.integer('line_number').notNullable();
    table.integer('quantity').notNullable();
    table.decimal('unit_price', 12, 2).notNullable();
    table.decimal('order_unit_price', 12, 2).notNullable();
    table.integer('received_quantity').notNullable();
    table.jsonb('reasons').notNullable().defaultTo('[]');
    table.unique(['invoice_id', 'invoice_line_number']);
    table.check('quantity > 0', [], 'invoice_lines_quantity_check');
  });

  await knex.schema.createTable('invoice_status_updates', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('invoice_id').notNullable().references('invoices.id').onDelete('CASCADE');
    table.text('payload_id').notNullable().unique();
    table.text('status_type').notNullable();
    table.text('comments');
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('next_attempt_at', { useTz: true }).notNullable();
    table.timestamp('leased_until', { useTz: true });
    table.timestamp('sent_at', { useTz: true });
    table.integer('http_status');
    table.text('last_error');
    table.text('request_xml');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.check(`status_type IN ('reconciled', 'rejected')`, [], 'invoice_status_updates_type_check');
  });
  await knex.raw(
    'CREATE INDEX invoice_status_updates_due_index ON invoice_status_updates (next_attempt_at) WHERE sent_at IS NULL',
  );

  await knex.schema.createTable('invoice_match_settings', (table) => {
    table.integer('id').primary();
    table.decimal('price_tolerance_percent', 5, 2).notNullable().defaultTo(2);
    table.check('id = 1', [], 'invoice_match_settings_single_row_check');
    table.check(
      'price_tolerance_percent >= 0 AND price_tolerance_percent <= 50',
      [],
      'invoice_match_settings_tolerance_check',
    );
  });
  await knex('invoice_match_settings').insert({ id: 1, price_tolerance_percent: 2 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoice_match_settings');
  await knex.schema.dropTableIfExists('invoice_status_updates');
  await knex.schema.dropTableIfExists('invoice_lines');
  await knex.schema.dropTableIfExists('invoices');
}
