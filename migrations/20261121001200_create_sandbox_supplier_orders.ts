import type { Knex } from 'knex';

/**
 * Orders the local sandbox supplier accepted, keyed by the cXML payloadID it deduplicates on: a
 * resend of the same payloadID is answered with the same supplier order id, never a second order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sandbox_supplier_orders', (table) => {
    table.text('payload_id').primary();
    table.text('order_id').notNullable().index();
    table.text('supplier_order_id').notNullable().unique();
    table.integer('response_status').notNullable();
    table.text('deployment_mode').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`char_length(payload_id) BETWEEN 1 AND 500`, [], 'sandbox_supplier_orders_payload_id_check');
    table.check(`deployment_mode IN ('test', 'production')`, [], 'sandbox_supplier_orders_deployment_mode_check');
  });
  await knex.raw('CREATE INDEX sandbox_supplier_orders_created_index ON sandbox_supplier_orders (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sandbox_supplier_orders');
}
