import type { Knex } from 'knex';

/**
 * The running committed totals (…_create_budget_committed_hours) kept set-based, so a bulk write of
 * orders or order lines costs a few passes over the statement's rows instead of queries per row
 * (a million order lines added to 250k submitted orders ran one INSERT for 19 minutes).
 *
 * - order_supplier_rejected_amount answers 0 at once for an order without a current supplier
 *   confirmation (order_items.quantity > 0, so none of its lines is rejected) and is plpgsql, whose
 *   plans are cached: as a SQL function it was planned again at every call, ~3 ms an order.
 * - Lines written to orders without a current confirmation cannot move their cost (only a sent
 *   order's cost reads its lines, through the confirmations): those orders are not written again.
 *   The orders that are written again are locked in id order, so two such statements cannot deadlock.
 * - An UPDATE of an order that changes none of status, QA mark and total keeps its cost (every write
 *   of what else the cost reads — lines, confirmations — writes it again with the new value).
 * - The hour rows: statement-level triggers with transition tables sum each statement's changes per
 *   (department, hour) into department_committed_hour_changes; a deferred trigger, once per
 *   transaction, applies the transaction's sums at commit, one upsert per hour row in key order. So
 *   the rows are still locked only while the transaction commits, and two transactions that touch
 *   the same hours take them in the same order instead of deadlocking.
 *
 * The queue holds rows only inside a transaction (the flush deletes them), so it is UNLOGGED: a
 * crash loses nothing that committed. TRUNCATE and ALTER TABLE of orders no longer meet pending
 * deferred events of orders.
 */

const CURRENT_XACT = 'pg_current_xact_id()';

/** A statement's changes of cost per department and UTC hour: `rows` are (sign, department, at, cost). */
const queueChanges = (rows: string) => `
  IF current_setting('supply_hub.budget_hours_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO department_committed_hour_changes (xact, department_id, hour_start, committed)
  SELECT ${CURRENT_XACT}, department_id, date_trunc('hour', at, 'UTC'), sum(sign * cost)
    FROM (${rows}) AS changed
   WHERE department_id IS NOT NULL AND cost <> 0
   GROUP BY department_id, date_trunc('hour', at, 'UTC')
  HAVING sum(sign * cost) <> 0;
  IF FOUND THEN
    INSERT INTO department_committed_hour_flushes (xact) VALUES (${CURRENT_XACT}) ON CONFLICT DO NOTHING;
  END IF;`;

const rowsOf = (sign: number, table: string) =>
  `SELECT ${sign} AS sign, department_id, created_at AS at, budget_committed AS cost FROM ${table}`;

const QUEUE_FUNCTIONS = {
  budget_committed_orders_inserted: queueChanges(rowsOf(1, 'new_orders')),
  budget_committed_orders_updated: queueChanges(`${rowsOf(-1, 'old_orders')} UNION ALL ${rowsOf(1, 'new_orders')}`),
  budget_committed_orders_deleted: queueChanges(rowsOf(-1, 'old_orders')),
};

const ORDER_TRIGGERS = [
  ['budget_committed_orders_inserted', 'INSERT', 'NEW TABLE AS new_orders'],
  ['budget_committed_orders_updated', 'UPDATE', 'OLD TABLE AS old_orders NEW TABLE AS new_orders'],
  ['budget_committed_orders_deleted', 'DELETE', 'OLD TABLE AS old_orders'],
] as const;

const plpgsqlTrigger = (name: string, body: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${body}
    RETURN NULL;
  END $$`;

/** The orders of a set of order lines whose cost can move: those with a current confirmation. */
const confirmedOrdersOf = (lines: string) => `
  SELECT DISTINCT l.order_id FROM ${lines} AS l
   WHERE EXISTS (SELECT 1 FROM supplier_confirmations AS c WHERE c.order_id = l.order_id AND c.replaced_by_id IS NULL)`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION order_supplier_rejected_amount(p_order_id uuid) RETURNS numeric
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM supplier_confirmations AS c WHERE c.order_id = p_order_id AND c.replaced_by_id IS NULL) THEN
        RETURN 0;
      END IF;
      RETURN (
        SELECT coalesce(sum(i.unit_price * LEAST(i.quantity, order_line_supplier_rejected(i.order_id, i.line_number, i.quantity))), 0)
          FROM order_items i
         WHERE i.order_id = p_order_id);
    END $$`);

  await knex.raw(`
    CREATE OR REPLACE FUNCTION orders_budget_cost() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.is_qa = OLD.is_qa
         AND NEW.total_amount = OLD.total_amount AND NEW.id = OLD.id
         AND NEW.budget_committed IS NOT DISTINCT FROM OLD.budget_committed THEN
        RETURN NEW;
      END IF;
      NEW.budget_committed := order_budget_cost(NEW);
      RETURN NEW;
    END $$`);

  // Locks the orders to write in id order before writing them.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION budget_committed_refresh(p_order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE orders AS o SET budget_committed = order_budget_cost(o)
       WHERE o.id IN (
         SELECT x.id FROM orders AS x
          WHERE x.id = ANY(p_order_ids) AND x.budget_committed IS DISTINCT FROM order_budget_cost(x)
          ORDER BY x.id
            FOR NO KEY UPDATE)
    $$`);
  await knex.raw(
    plpgsqlTrigger(
      'budget_committed_order_items_written',
      `PERFORM budget_committed_refresh(ARRAY(${confirmedOrdersOf('changed_rows')}));`,
    ),
  );
  await knex.raw(
    plpgsqlTrigger(
      'budget_committed_order_items_updated',
      `PERFORM budget_committed_refresh(ARRAY(${confirmedOrdersOf('(SELECT order_id FROM changed_rows UNION SELECT order_id FROM old_rows)')}));`,
    ),
  );

  await knex.raw(`
    CREATE UNLOGGED TABLE department_committed_hour_changes (
      xact xid8 NOT NULL,
      department_id uuid NOT NULL,
      hour_start timestamptz NOT NULL,
      committed numeric(16, 2) NOT NULL
    )`);
  await knex.raw(
    'CREATE INDEX department_committed_hour_changes_xact_index ON department_committed_hour_changes (xact)',
  );
  await knex.raw('CREATE UNLOGGED TABLE department_committed_hour_flushes (xact xid8 PRIMARY KEY)');

  await knex.raw(
    plpgsqlTrigger(
      'budget_committed_hours_flush',
      `
      WITH drained AS (
        DELETE FROM department_committed_hour_changes WHERE xact = ${CURRENT_XACT}
        RETURNING department_id, hour_start, committed
      )
      INSERT INTO department_committed_hours AS h (department_id, hour_start, committed)
      SELECT department_id, hour_start, sum(committed)
        FROM drained
       GROUP BY department_id, hour_start
      HAVING sum(committed) <> 0
       ORDER BY department_id, hour_start
      ON CONFLICT (department_id, hour_start) DO UPDATE SET committed = h.committed + excluded.committed;
      DELETE FROM department_committed_hour_flushes WHERE xact = ${CURRENT_XACT};`,
    ),
  );
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER budget_committed_hours_flush AFTER INSERT ON department_committed_hour_flushes
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION budget_committed_hours_flush()`);

  // Changes queued before a TRUNCATE in the same transaction belong to orders that are gone.
  await knex.raw(
    plpgsqlTrigger(
      'budget_committed_orders_truncated',
      `DELETE FROM department_committed_hours;
      DELETE FROM department_committed_hour_changes WHERE xact = ${CURRENT_XACT};`,
    ),
  );

  for (const trigger of ['order_inserted', 'order_updated', 'order_deleted']) {
    await knex.raw(`DROP TRIGGER budget_committed_${trigger} ON orders`);
  }
  await knex.raw('DROP FUNCTION budget_committed_order_written()');
  await knex.raw('DROP FUNCTION budget_committed_hours_add(uuid, timestamptz, numeric)');
  for (const [name, body] of Object.entries(QUEUE_FUNCTIONS)) await knex.raw(plpgsqlTrigger(name, body));
  for (const [name, event, transition] of ORDER_TRIGGERS) {
    await knex.raw(`
      CREATE TRIGGER ${name} AFTER ${event} ON orders
        REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
  }

  // Pending changes are applied first; the orders it corrects are left out of the queue, since the
  // hour rows are recomputed from them.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION budget_committed_rebuild(OUT orders_corrected integer, OUT hour_rows integer)
    LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE department_committed_hours IN EXCLUSIVE MODE;
      SET CONSTRAINTS budget_committed_hours_flush IMMEDIATE;
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
      SET CONSTRAINTS budget_committed_hours_flush DEFERRED;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  // Whatever this transaction queued reaches the hour rows before the queue goes.
  await knex.raw('SET CONSTRAINTS budget_committed_hours_flush IMMEDIATE');
  for (const [name] of ORDER_TRIGGERS) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${name} ON orders`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${name}()`);
  }
  await knex.raw('DROP TABLE department_committed_hour_flushes');
  await knex.raw('DROP FUNCTION budget_committed_hours_flush()');
  await knex.raw('DROP TABLE department_committed_hour_changes');

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
  await knex.raw(plpgsqlTrigger('budget_committed_orders_truncated', 'DELETE FROM department_committed_hours;'));
  await knex.raw(`
    CREATE OR REPLACE FUNCTION budget_committed_rebuild(OUT orders_corrected integer, OUT hour_rows integer)
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

  await knex.raw(
    plpgsqlTrigger(
      'budget_committed_order_items_written',
      'PERFORM budget_committed_refresh(ARRAY(SELECT order_id FROM changed_rows));',
    ),
  );
  await knex.raw(
    plpgsqlTrigger(
      'budget_committed_order_items_updated',
      'PERFORM budget_committed_refresh(ARRAY(SELECT order_id FROM changed_rows UNION SELECT order_id FROM old_rows));',
    ),
  );
  await knex.raw(`
    CREATE OR REPLACE FUNCTION budget_committed_refresh(p_order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE orders AS o SET budget_committed = order_budget_cost(o)
       WHERE o.id = ANY(p_order_ids) AND o.budget_committed IS DISTINCT FROM order_budget_cost(o)
    $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION orders_budget_cost() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.budget_committed := order_budget_cost(NEW);
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION order_supplier_rejected_amount(p_order_id uuid) RETURNS numeric LANGUAGE sql STABLE AS $$
      SELECT coalesce(sum(i.unit_price * LEAST(i.quantity, order_line_supplier_rejected(i.order_id, i.line_number, i.quantity))), 0)
        FROM order_items i
       WHERE i.order_id = p_order_id
    $$`);
}
