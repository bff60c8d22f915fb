import type { Knex } from 'knex';

/**
 * Line-level decisions. A line an approver rejects leaves order_items — the lines
 * ordered, which the supplier, receiving, invoice matching, reports and budgets all read — and is
 * kept here with the decision (who, at which level, when, why), so nothing of it is lost and every
 * reader of order_items stops counting it without a filter of its own (docs/adr/0007).
 *
 * order_line_supplier_rejected / order_supplier_rejected_amount: how much of a line, and what value
 * of an order, the supplier rejected, derived as fulfilment.rules' deriveLine does, so a budget gives
 * that money back at once and the receiving list stops expecting it (one SQL definition for both).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_line_rejections', (table) => {
    // The order line's own id and snapshot, as it was in order_items.
    table.uuid('id').primary();
    table.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    table.integer('line_number').notNullable();
    table.uuid('product_id').references('products.id').onDelete('SET NULL');
    table.text('asin').notNullable();
    table.text('sku');
    table.text('title').notNullable();
    table.integer('quantity').notNullable();
    table.decimal('unit_price', 12, 2).notNullable();
    table.decimal('total_price', 12, 2).notNullable();
    // The decision.
    table.smallint('level').notNullable();
    table.text('reason').notNullable();
    table.uuid('rejected_by').references('users.id').onDelete('SET NULL');
    table.text('rejected_by_label').notNullable();
    table.timestamp('rejected_at', { useTz: true }).notNullable();
    table.unique(['order_id', 'line_number']);
    table.check('char_length(reason) BETWEEN 1 AND 500', [], 'order_line_rejections_reason_check');
    table.check('level >= 1', [], 'order_line_rejections_level_check');
  });

  // How much of a line the supplier rejected: the newest current confirmation naming the line, or a
  // whole-order accept/reject without items (a reject then rejects the whole line).
  await knex.raw(`
    CREATE FUNCTION order_line_supplier_rejected(p_order_id uuid, p_line_number integer, p_quantity integer)
    RETURNS integer LANGUAGE sql STABLE AS $$
      SELECT coalesce((
        SELECT CASE WHEN c.is_whole_order THEN CASE WHEN c.confirmation_type = 'reject' THEN p_quantity ELSE 0 END
                    ELSE coalesce((SELECT sum(x.quantity) FROM supplier_confirmation_lines x
                                    WHERE x.confirmation_id = c.id AND x.line_number = p_line_number
                                      AND x.status = 'reject'), 0)
               END
          FROM (
            SELECT c.id, c.confirmation_type,
                   NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines x WHERE x.confirmation_id = c.id) AS is_whole_order
              FROM supplier_confirmations c
             WHERE c.order_id = p_order_id AND c.replaced_by_id IS NULL
               AND (EXISTS (SELECT 1 FROM supplier_confirmation_lines x
                             WHERE x.confirmation_id = c.id AND x.line_number = p_line_number)
                    OR (c.confirmation_type IN ('accept', 'reject')
                        AND NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines x WHERE x.confirmation_id = c.id)))
             ORDER BY c.id DESC
             LIMIT 1
          ) AS c
      ), 0)::integer
    $$`);
  await knex.raw(`
    CREATE FUNCTION order_supplier_rejected_amount(p_order_id uuid) RETURNS numeric LANGUAGE sql STABLE AS $$
      SELECT coalesce(sum(i.unit_price * LEAST(i.quantity, order_line_supplier_rejected(i.order_id, i.line_number, i.quantity))), 0)
        FROM order_items i
       WHERE i.order_id = p_order_id
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS order_supplier_rejected_amount(uuid)');
  await knex.raw('DROP FUNCTION IF EXISTS order_line_supplier_rejected(uuid, integer, integer)');
  await knex.schema.dropTableIfExists('order_line_rejections');
}
