import type { Knex } from 'knex';

/**
 * Demo databases seeded before the seed charged orders to departments hold orders without one, so
 * budgets, the cart's budget panel and Budget vs actual left them out while the Overview and the
 * per-user limit counted them. Gives each such demo order its requester's department. Touches only
 * a seeded demo database's own orders (demo accounts, created before the seed's mark); the
 * committed-total triggers move their cost into the department's hours.
 */
const DEMO_DOMAIN = '%@demo.supplyhub.test';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `UPDATE orders AS o SET department_id = p.department_id
       FROM profiles AS p, app_kv AS seeded
      WHERE p.user_id = o.user_id AND p.department_id IS NOT NULL
        AND o.department_id IS NULL AND NOT o.is_qa
        AND o.user_email LIKE ?
        AND seeded.key = 'demo_data_seeded_at'
        AND o.created_at <= CAST(seeded.value #>> '{}' AS timestamptz)`,
    [DEMO_DOMAIN],
  );
  // Apply the hour rows now, so a later migration may alter orders in the same transaction (only
  // while the hour rows are kept by deferred row triggers on orders: a later schema has none).
  await knex.raw(`
    DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'budget_committed_order_inserted') THEN
        SET CONSTRAINTS budget_committed_order_inserted, budget_committed_order_updated, budget_committed_order_deleted
          IMMEDIATE;
        SET CONSTRAINTS budget_committed_order_inserted, budget_committed_order_updated, budget_committed_order_deleted
          DEFERRED;
      END IF;
    END $$`);
}

// The orders had no department before; which ones were back-filled is not recorded, so nothing to undo.
export async function down(): Promise<void> {}
