import type { Knex } from 'knex';

/**
 * The supplier identity (the cXML `To` credential) an order was accepted by, kept on the order when
 * it is sent: the supplier scorecard groups orders by it, and the settings may name another
 * supplier later. Orders sent before this column existed keep null; reports count them under the
 * identity configured now.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.text('supplier_identity');
  });
  // The scorecard reads sent orders by the day they were sent.
  await knex.raw(`CREATE INDEX orders_submitted_at_index ON orders (submitted_at) WHERE status = 'submitted'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS orders_submitted_at_index');
  await knex.schema.alterTable('orders', (table) => {
    table.dropColumn('supplier_identity');
  });
}
