import type { Knex } from 'knex';

/**
 * Expiring stock reads the received lots by expiry date (a window around the company's today,
 * every Monday for the digest and on every location page). Only lines with a date are indexed:
 * most receipts record none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX order_receipt_lines_expiry_index ON order_receipt_lines (expiry_date) WHERE expiry_date IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX order_receipt_lines_expiry_index');
}
