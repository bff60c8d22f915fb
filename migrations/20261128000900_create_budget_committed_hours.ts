import type { Knex } from 'knex';

/**
 * Running committed totals for the budget check. The check runs under the
 * department's budget lock, so whatever it reads is paid for by every submission waiting behind it:
 * summing the period's orders made that wait grow with the period's volume. Now each order keeps what
 * it commits (orders.budget_committed, THE definition: order_budget_cost) and every department keeps
 * it summed per UTC hour (department_committed_hours), both kept by triggers in the same transaction
 * as every change that moves an order's cost — the order's status, total, QA mark, department or
 * time, its lines, the supplier's confirmations — so the API, the CLI, jobs and hand-written SQL all
 * keep them right. A period's committed total (department_committed_between) reads at most one row
 * per hour of the period, plus the orders of its first and last part-hour when the company's time zone
 * is not a whole number of hours from UTC.
 *
 * An order's cost is computed at each write of it (a BEFORE trigger); its hour row is changed by a
 * deferred trigger at commit, with the change each write made (new cost at its hour less old cost at
 * its old hour), so the row — which every submission of the department in that hour writes — is
 * locked only while the transaction commits. Until then the hour rows do not hold the transaction's
 * own changes (department_committed_between's p_except_order keeps the part-hours consistent with
 * that for the submission check). TRUNCATE empties the hours with the orders.
 *
 * PostgreSQL refuses TRUNCATE and ALTER TABLE of orders in a transaction with pending deferred
 * events: a later migration that writes orders and then alters the table runs
 * `SET CONSTRAINTS budget_committed_order_inserted, budget_committed_order_updated,
 * budget_committed_order_deleted IMMEDIATE` first.
 */
export async function up(knex: Knex): Promise<void> {
  // What an order still costs its budget: its total (lines an approver rejected have left it) while
  // pending, approved, submitted or failed, less what the supplier rejected once sent; QA orders never count.
  await knex.raw(`
    CREATE FUNCTION order_budget_cost(p_order orders) RETURNS numeric LANGUAGE sql STABLE AS $$
      SELECT CASE
        WHEN p_order.is_qa OR p_order.status NOT IN ('pending', 'approved', 'submitted', 'failed') THEN 0
        WHEN p_order.status = 'submitted' THEN p_order.total_amount - order_supplier_rejected_amount(p_order.id)
        ELSE p_order.total_amount
      END
    $$`);
  await knex.raw('ALTER TABLE orders ADD COLUMN budget_committed numeric(14, 2) NOT NULL DEFAULT 0');
  await knex.raw(`
    CREATE TABLE department_committed_hours (
      department_id uuid NOT NULL,
      hour_start timestamptz NOT NULL,
      committed numeric(16, 2) NOT NULL,
      PRIMARY KEY (department_id, hour_start)
    )`);

  // From scratch (the migration's first fill, `npm run cli -- budgets:rebuild` after a bulk load).
  // The caller's pending changes to the hour rows are applied first, then the orders' own writes
  // here are left out of them (the setting), since the rows are recomputed; leaves the triggers deferred.
  await knex.raw(`
    CREATE FUNCTION budget_committed_rebuild(OUT orders_corrected integer, OUT hour_rows integer)
    LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE department_committed_hours IN EXCLUSIVE MODE;
      SET CONSTRAINTS budget_committed_order_inserted, budget_committed_order_updated, budget_committed_order_deleted
        IMMEDIATE;
      PERFORM set_config('supply_hub.budget_hours_rebuilding', 'on', true);
      UPDATE orders AS o SET budget_committed = order_budget_cost(o)
       WHERE o.budget_committed IS DISTINCT FROM order_budget_cost(o);
      GET DIAGNOSTICS orders_corrected = ROW_COUNT;
      DELETE FROM department_committed_hours;
      INSERT INTO department_committed_hours (department_id, hour_start, committed)
      SELECT department_id, date_trunc('hour', created_at, 'UTC'), sum(budget_committed)
        FROM orders
       WHERE department_id IS NOT NULL AND budget_committed <> 0
       GROUP BY 1, 2;
      GET DIAGNOSTICS hour_rows = ROW_COUNT;
      PERFORM set_config('supply_hub.budget_hours_rebuilding', 'off', true);
      SET CONSTRAINTS budget_committed_order_inserted, budget_committed_order_updated, budget_committed_order_deleted
        DEFERRED;
    END $$`);

  // Every write of an order computes what it costs (also when a trigger of another table touches it).
  await knex.raw(`
    CREATE FUNCTION orders_budget_cost() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.budget_committed := order_budget_cost(NEW);
      RETURN NEW;
    END $$`);

  // One write's change of cost into the hour rows (at commit: see above).
  await knex.raw(`
    CREATE FUNCTION budget_committed_hours_add(p_department_id uuid, p_at timestamptz, p_amount numeric)
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO department_committed_hours AS h (department_id, hour_start, committed)
      SELECT p_department_id, date_trunc('hour', p_at, 'UTC'), p_amount
       WHERE p_department_id IS NOT NULL AND p_amount <> 0
      ON CONFLICT (department_id, hour_start) DO UPDATE SET committed = h.committed + excluded.committed
    $$`);
  await knex.raw(`
    CREATE FUNCTION budget_committed_order_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('supply_hub.budget_hours_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM budget_committed_hours_add(OLD.department_id, OLD.created_at, -OLD.budget_committed);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM budget_committed_hours_add(NEW.department_id, NEW.created_at, NEW.budget_committed);
      END IF;
      RETURN NULL;
    END $$`);
  const triggerFunction = (name: string, body: string) => `
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${body}
      RETURN NULL;
    END $$`;
  await knex.raw(triggerFunction('budget_committed_orders_truncated', 'DELETE FROM department_committed_hours;'));

  // Lines and supplier confirmations change what a sent order costs: its row is written again (the
  // BEFORE trigger computes the cost) when the cost moved.
  await knex.raw(`
    CREATE FUNCTION budget_committed_refresh(p_order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE orders AS o SET budget_committed = order_budget_cost(o)
       WHERE o.id = ANY(p_order_ids) AND o.budget_committed IS DISTINCT FROM order_budget_cost(o)
    $$`);
  for (const [table, orderIdsOf] of DEPENDENT_TABLES) {
    const refresh = (orderIds: string) => `PERFORM budget_committed_refresh(ARRAY(${orderIds}));`;
    await knex.raw(triggerFunction(`budget_committed_${table}_written`, refresh(orderIdsOf('changed_rows'))));
    // An update may move a row to another order: both are refreshed.
    await knex.raw(
      triggerFunction(
        `budget_committed_${table}_updated`,
        refresh(`${orderIdsOf('changed_rows')} UNION ${orderIdsOf('old_rows')}`),
      ),
    );
  }

  await knex.raw(`
    CREATE TRIGGER budget_committed_cost BEFORE INSERT OR UPDATE ON orders
      FOR EACH ROW EXECUTE FUNCTION orders_budget_cost()`);
  // Deferred to the commit, and only for writes that change an hour row.
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER budget_committed_order_inserted AFTER INSERT ON orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.budget_committed <> 0 AND NEW.department_id IS NOT NULL)
      EXECUTE FUNCTION budget_committed_order_written()`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER budget_committed_order_updated AFTER UPDATE ON orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.budget_committed IS DISTINCT FROM NEW.budget_committed
            OR ((OLD.budget_committed <> 0 OR NEW.budget_committed <> 0)
                AND (OLD.department_id IS DISTINCT FROM NEW.department_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)))
      EXECUTE FUNCTION budget_committed_order_written()`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER budget_committed_order_deleted AFTER DELETE ON orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.budget_committed <> 0 AND OLD.department_id IS NOT NULL)
      EXECUTE FUNCTION budget_committed_order_written()`);
  await knex.raw(`
    CREATE TRIGGER budget_committed_orders_truncated AFTER TRUNCATE ON orders
      FOR EACH STATEMENT EXECUTE FUNCTION budget_committed_orders_truncated()`);
  for (const [table] of DEPENDENT_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const transition = {
        INSERT: 'NEW TABLE AS changed_rows',
        UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS changed_rows',
        DELETE: 'OLD TABLE AS changed_rows',
      }[event];
      const fn = `budget_committed_${table}_${event === 'UPDATE' ? 'updated' : 'written'}`;
      await knex.raw(`
        CREATE TRIGGER budget_committed_${event.toLowerCase()} AFTER ${event} ON ${table}
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
  }
  await knex.raw('SELECT budget_committed_rebuild()');

  // A period's committed total: whole hours from their rows, the part-hours at its ends from the orders.
  // p_except_order: the order a transaction is checking, written but not yet in the hour rows.
  await knex.raw(`
    CREATE FUNCTION department_committed_between(
      p_department_id uuid, p_start timestamptz, p_end timestamptz, p_except_order uuid DEFAULT NULL
    ) RETURNS numeric LANGUAGE plpgsql STABLE AS $$
    DECLARE
      v_whole_start timestamptz := date_trunc('hour', p_start, 'UTC');
      v_whole_end timestamptz := date_trunc('hour', p_end, 'UTC');
      v_hours numeric;
      v_part_hours numeric;
    BEGIN
      IF v_whole_start < p_start THEN v_whole_start := v_whole_start + interval '1 hour'; END IF;
      SELECT coalesce(sum(committed), 0) INTO v_hours
        FROM department_committed_hours
       WHERE department_id = p_department_id AND hour_start >= v_whole_start AND hour_start < v_whole_end;
      -- Two index ranges, one per end (a window inside one hour is all first part-hour).
      SELECT coalesce(sum(budget_committed), 0) INTO v_part_hours
        FROM orders
       WHERE department_id = p_department_id AND created_at >= p_start AND created_at < LEAST(v_whole_start, p_end)
         AND id IS DISTINCT FROM p_except_order;
      SELECT v_part_hours + coalesce(sum(budget_committed), 0) INTO v_part_hours
        FROM orders
       WHERE department_id = p_department_id
         AND created_at >= GREATEST(v_whole_end, v_whole_start, p_start) AND created_at < p_end
         AND id IS DISTINCT FROM p_except_order;
      RETURN v_hours + v_part_hours;
    END $$`);
}

/** The tables whose changes move a sent order's cost, with the orders a set of their rows belongs to. */
const DEPENDENT_TABLES = [
  ['order_items', (rows: string) => `SELECT order_id FROM ${rows}`],
  ['supplier_confirmations', (rows: string) => `SELECT order_id FROM ${rows}`],
  [
    'supplier_confirmation_lines',
    (rows: string) =>
      `SELECT c.order_id FROM ${rows} AS x JOIN supplier_confirmations AS c ON c.id = x.confirmation_id`,
  ],
] as const;

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS department_committed_between(uuid, timestamptz, timestamptz, uuid)');
  for (const [table] of DEPENDENT_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await knex.raw(`DROP TRIGGER IF EXISTS budget_committed_${event} ON ${table}`);
    }
  }
  for (const trigger of ['cost', 'order_inserted', 'order_updated', 'order_deleted', 'orders_truncated']) {
    await knex.raw(`DROP TRIGGER IF EXISTS budget_committed_${trigger} ON orders`);
  }
  for (const [table] of DEPENDENT_TABLES) {
    await knex.raw(`DROP FUNCTION IF EXISTS budget_committed_${table}_written()`);
    await knex.raw(`DROP FUNCTION IF EXISTS budget_committed_${table}_updated()`);
  }
  for (const fn of [
    'budget_committed_order_written',
    'budget_committed_orders_truncated',
    'orders_budget_cost',
    'budget_committed_rebuild',
  ]) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS budget_committed_refresh(uuid[])');
  await knex.raw('DROP FUNCTION IF EXISTS budget_committed_hours_add(uuid, timestamptz, numeric)');
  await knex.raw('DROP TABLE IF EXISTS department_committed_hours');
  await knex.raw('ALTER TABLE orders DROP COLUMN IF EXISTS budget_committed');
  await knex.raw('DROP FUNCTION IF EXISTS order_budget_cost(orders)');
}
