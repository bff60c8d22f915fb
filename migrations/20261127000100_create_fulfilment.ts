import type { Knex } from 'knex';

/**
 * The order's life after the supplier: the supplier's inbound cXML documents, the
 * confirmations and ship notices they carry (each version kept; an update replaces, a delete
 * withdraws), the ward's receipts and one timeline of events. Fulfilment itself is never stored:
 * it is derived from these rows (fulfilment.rules.ts). Inbound supplier credentials sit beside the
 * outbound ones, the secret sealed the same way.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('punchout_settings', (table) => {
    table.text('inbound_identity');
    table.text('inbound_shared_secret_encrypted');
  });

  await knex.schema.createTable('inbound_documents', (table) => {
    table.bigIncrements('id').primary();
    table.text('payload_id');
    table.text('document_hash');
    table.text('document_type');
    table.uuid('order_id').references('orders.id').onDelete('SET NULL');
    table.integer('status_code').notNullable();
    table.text('status_text').notNullable();
    table.text('message');
    table.integer('duration_ms');
    table.text('raw_document');
    table.text('source_address');
    table.boolean('is_applied').notNullable().defaultTo(false);
    table.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(
      `payload_id IS NULL OR char_length(payload_id) BETWEEN 1 AND 500`,
      [],
      'inbound_documents_payload_id_check',
    );
    table.check(
      `NOT is_applied OR (payload_id IS NOT NULL AND document_hash IS NOT NULL)`,
      [],
      'inbound_documents_applied_check',
    );
  });
  // Idempotency: a payloadID is applied at most once; refused documents may be corrected and sent again.
  await knex.raw(
    'CREATE UNIQUE INDEX inbound_documents_applied_payload_unique ON inbound_documents (payload_id) WHERE is_applied',
  );
  await knex.raw('CREATE INDEX inbound_documents_order_index ON inbound_documents (order_id, received_at DESC)');
  await knex.raw('CREATE INDEX inbound_documents_received_index ON inbound_documents (received_at DESC)');

  await knex.schema.createTable('supplier_confirmations', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.bigInteger('inbound_document_id').notNullable().references('inbound_documents.id').onDelete('RESTRICT');
    table.text('payload_id').notNullable().unique();
    table.text('confirm_id');
    table.text('confirmation_type').notNullable();
    table.text('operation').notNullable();
    table.timestamp('notice_date', { useTz: true }).notNullable();
    table.text('comments');
    table.bigInteger('replaced_by_id').references('supplier_confirmations.id').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`operation IN ('new', 'update')`, [], 'supplier_confirmations_operation_check');
  });
  await knex.raw('CREATE INDEX supplier_confirmations_order_index ON supplier_confirmations (order_id, id)');

  await knex.schema.createTable('supplier_confirmation_lines', (table) => {
    table.bigIncrements('id').primary();
    table.bigInteger('confirmation_id').notNullable().references('supplier_confirmations.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.text('status').notNullable();
    table.integer('quantity').notNullable();
    table.timestamp('delivery_date', { useTz: true });
    table.decimal('unit_price', 12, 2);
    table.text('supplier_part_id');
    table.text('comments');
    table.check('quantity >= 0', [], 'supplier_confirmation_lines_quantity_check');
    table.check(
      `status IN ('accept', 'allDetail', 'detail', 'backordered', 'reject', 'unknown')`,
      [],
      'supplier_confirmation_lines_status_check',
    );
  });
  await knex.raw(
    'CREATE INDEX supplier_confirmation_lines_confirmation_index ON supplier_confirmation_lines (confirmation_id)',
  );

  await knex.schema.createTable('shipments', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.bigInteger('inbound_document_id').notNullable().references('inbound_documents.id').onDelete('RESTRICT');
    table.text('payload_id').notNullable();
    table.text('shipment_id').notNullable();
    table.text('operation').notNullable();
    table.text('carrier');
    table.text('tracking_number');
    table.text('tracking_url');
    table.timestamp('shipment_date', { useTz: true });
    table.timestamp('delivery_date', { useTz: true });
    table.bigInteger('replaced_by_id').references('shipments.id').onDelete('SET NULL');
    table.timestamp('withdrawn_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['payload_id', 'order_id']);
    table.check(`operation IN ('new', 'update', 'delete')`, [], 'shipments_operation_check');
  });
  await knex.raw('CREATE INDEX shipments_order_index ON shipments (order_id, id)');

  await knex.schema.createTable('shipment_lines', (table) => {
    table.bigIncrements('id').primary();
    table.bigInteger('shipment_ref').notNullable().references('shipments.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.integer('quantity').notNullable();
    table.text('lot');
    table.date('expiry_date');
    table.check('quantity > 0', [], 'shipment_lines_quantity_check');
  });
  await knex.raw('CREATE INDEX shipment_lines_shipment_index ON shipment_lines (shipment_ref)');

  await knex.schema.createTable('order_receipts', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.uuid('received_by').references('users.id').onDelete('SET NULL');
    table.text('received_by_label').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX order_receipts_order_index ON order_receipts (order_id, id)');

  await knex.schema.createTable('order_receipt_lines', (table) => {
    table.bigIncrements('id').primary();
    table.bigInteger('receipt_id').notNullable().references('order_receipts.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.integer('quantity').notNullable();
    table.text('condition').notNullable().defaultTo('ok');
    table.text('note');
    table.text('lot');
    table.date('expiry_date');
    table.check('quantity > 0', [], 'order_receipt_lines_quantity_check');
    table.check(`condition IN ('ok', 'damaged', 'short')`, [], 'order_receipt_lines_condition_check');
  });
  await knex.raw('CREATE INDEX order_receipt_lines_receipt_index ON order_receipt_lines (receipt_id)');

  await knex.schema.createTable('order_events', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.text('event_type').notNullable();
    table.uuid('actor_user_id').references('users.id').onDelete('SET NULL');
    table.text('actor_label').notNullable();
    table.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.jsonb('details').notNullable().defaultTo('{}');
  });
  await knex.raw('CREATE INDEX order_events_order_index ON order_events (order_id, occurred_at, id)');
  // The sandbox supplier's own follow-up documents for an order it accepted (demo mode and tests):
  // a confirmation, then a ship notice, each sent when due by the sandbox-supplier-documents job.
  await knex.schema.createTable('sandbox_supplier_documents', (table) => {
    table.bigIncrements('id').primary();
    table.text('order_payload_id').notNullable().references('sandbox_supplier_orders.payload_id').onDelete('CASCADE');
    table.text('order_id').notNullable();
    table.text('kind').notNullable();
    table.jsonb('lines').notNullable();
    table.boolean('has_backorder').notNullable().defaultTo(false);
    table.timestamp('due_at', { useTz: true }).notNullable();
    table.timestamp('leased_until', { useTz: true });
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('sent_at', { useTz: true });
    table.integer('last_status');
    table.text('last_error');
    table.unique(['order_payload_id', 'kind']);
    table.check(`kind IN ('confirmation', 'ship_notice')`, [], 'sandbox_supplier_documents_kind_check');
  });
  await knex.raw(
    'CREATE INDEX sandbox_supplier_documents_due_index ON sandbox_supplier_documents (due_at) WHERE sent_at IS NULL',
  );

  // Each new timeline event (confirmed, shipped, received …) reaches the requester's open pages
  // as the same order.updated event a status change sends, whichever instance or job wrote it.
  await knex.raw(`
    CREATE FUNCTION notify_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('supply_hub_events',
        json_build_object('type', 'order.updated', 'user_id', o.user_id, 'order_id', o.id, 'status', o.status)::text)
        FROM orders o WHERE o.id = NEW.order_id;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER order_events_inserted AFTER INSERT ON order_events
    FOR EACH ROW EXECUTE FUNCTION notify_order_event()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS order_events_inserted ON order_events');
  await knex.raw('DROP FUNCTION IF EXISTS notify_order_event()');
  for (const table of [
    'sandbox_supplier_documents',
    'order_events',
    'order_receipt_lines',
    'order_receipts',
    'shipment_lines',
    'shipments',
    'supplier_confirmation_lines',
    'supplier_confirmations',
    'inbound_documents',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('punchout_settings', (table) => {
    table.dropColumn('inbound_shared_secret_encrypted');
    table.dropColumn('inbound_identity');
  });
}
