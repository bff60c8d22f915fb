import type { Knex } from 'knex';

/**
 * Each sent order keeps its fulfilment (status, expected delivery, open backordered lines) on its
 * row, so the admin list's fulfilment filters and the back office's fulfilment counts read the open
 * orders through a small partial index instead of deriving fulfilment for every order ever sent
 * (over 60 s at a million orders). order_fulfilment_summaries() is the one definition: the same
 * derivation as fulfilment.rules.ts deriveFulfilment (order-fulfilment.agreement.test.ts holds them
 * together); statement-level triggers on every table it reads refresh the orders a statement touched.
 * Whether an order is overdue depends on the clock, so it is decided when read, from the kept date.
 */

const summaries = (signature: string, scope: string) => `
  CREATE OR REPLACE FUNCTION ${signature}
  RETURNS TABLE (order_id uuid, fulfilment_status text, expected_delivery_date timestamptz, open_backordered_lines integer)
  LANGUAGE sql STABLE AS $$
  WITH scope AS (
    SELECT o.id FROM orders o WHERE o.status = 'submitted' ${scope}
  ),
  current_confirmations AS (
    SELECT c.id, c.order_id, c.confirmation_type,
           NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines x WHERE x.confirmation_id = c.id) AS is_whole
      FROM supplier_confirmations c JOIN scope ON scope.id = c.order_id
     WHERE c.replaced_by_id IS NULL
  ),
  mentioned AS (
    SELECT cc.order_id, x.line_number, max(cc.id) AS id
      FROM current_confirmations cc JOIN supplier_confirmation_lines x ON x.confirmation_id = cc.id
     GROUP BY cc.order_id, x.line_number
  ),
  whole_order AS (
    SELECT cc.order_id, max(cc.id) AS id
      FROM current_confirmations cc
     WHERE cc.is_whole AND cc.confirmation_type IN ('accept', 'reject')
     GROUP BY cc.order_id
  ),
  chosen AS (
    SELECT i.order_id, i.line_number, cc.id AS confirmation_id, cc.confirmation_type, cc.is_whole
      FROM order_items i JOIN scope ON scope.id = i.order_id
      LEFT JOIN mentioned m ON m.order_id = i.order_id AND m.line_number = i.line_number
      LEFT JOIN whole_order w ON w.order_id = i.order_id
      JOIN current_confirmations cc ON cc.id = greatest(m.id, w.id)
  ),
  confirmed_lines AS (
    SELECT ch.order_id, ch.line_number,
           sum(x.quantity) FILTER (WHERE x.status IN ('accept', 'allDetail', 'detail')) AS confirmed,
           sum(x.quantity) FILTER (WHERE x.status = 'backordered') AS backordered,
           sum(x.quantity) FILTER (WHERE x.status = 'reject') AS rejected,
           max(x.delivery_date) AS delivery_date
      FROM chosen ch
      JOIN supplier_confirmation_lines x ON x.confirmation_id = ch.confirmation_id AND x.line_number = ch.line_number
     GROUP BY ch.order_id, ch.line_number
  ),
  current_shipments AS (
    SELECT s.id, s.order_id, s.delivery_date
      FROM shipments s JOIN scope ON scope.id = s.order_id
     WHERE s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL
  ),
  shipment_dates AS (
    SELECT cs.order_id, max(cs.delivery_date) AS delivery_date FROM current_shipments cs GROUP BY cs.order_id
  ),
  shipped_lines AS (
    SELECT cs.order_id, sl.line_number, sum(sl.quantity) AS shipped
      FROM current_shipments cs JOIN shipment_lines sl ON sl.shipment_ref = cs.id
     GROUP BY cs.order_id, sl.line_number
  ),
  received_lines AS (
    SELECT r.order_id, rl.line_number, sum(rl.quantity) AS received
      FROM order_receipts r JOIN scope ON scope.id = r.order_id JOIN order_receipt_lines rl ON rl.receipt_id = r.id
     GROUP BY r.order_id, rl.line_number
  ),
  lines AS (
    SELECT i.order_id, i.quantity AS ordered,
           CASE WHEN ch.is_whole THEN (CASE WHEN ch.confirmation_type = 'accept' THEN i.quantity ELSE 0 END)
                ELSE coalesce(cl.confirmed, 0) END AS confirmed,
           coalesce(cl.backordered, 0) AS backordered,
           CASE WHEN ch.is_whole AND ch.confirmation_type <> 'accept' THEN i.quantity
                ELSE coalesce(cl.rejected, 0) END AS rejected,
           cl.delivery_date,
           coalesce(sh.shipped, 0) AS shipped,
           coalesce(rc.received, 0) AS received
      FROM order_items i JOIN scope ON scope.id = i.order_id
      LEFT JOIN chosen ch ON ch.order_id = i.order_id AND ch.line_number = i.line_number
      LEFT JOIN confirmed_lines cl ON cl.order_id = i.order_id AND cl.line_number = i.line_number
      LEFT JOIN shipped_lines sh ON sh.order_id = i.order_id AND sh.line_number = i.line_number
      LEFT JOIN received_lines rc ON rc.order_id = i.order_id AND rc.line_number = i.line_number
  ),
  per_order AS (
    SELECT scope.id AS order_id,
           coalesce(bool_or(l.confirmed + l.backordered + l.rejected > 0), false) AS is_covered,
           coalesce(bool_and(l.ordered - l.rejected <= 0), true) AS is_all_rejected,
           coalesce(bool_or(l.received > 0), false) AS is_any_received,
           coalesce(bool_and(l.received >= l.ordered - l.rejected), true) AS is_all_received,
           coalesce(bool_or(l.shipped > 0), false) AS is_any_shipped,
           coalesce(bool_and(l.shipped >= l.ordered - l.rejected), true) AS is_all_shipped,
           coalesce(bool_or(l.backordered > 0), false) AS is_any_backordered,
           coalesce(bool_and(l.rejected = 0 AND l.confirmed >= l.ordered), true) AS is_all_confirmed,
           coalesce(max(sd.delivery_date), max(l.delivery_date)) AS expected_delivery_date,
           -- A line still waiting on its backorder: neither shipped nor received in full yet.
           count(*) FILTER (WHERE l.backordered > 0 AND greatest(l.shipped, l.received) < l.ordered - l.rejected)::int
             AS open_backordered_lines
      FROM scope
      LEFT JOIN lines l ON l.order_id = scope.id
      LEFT JOIN shipment_dates sd ON sd.order_id = scope.id
     GROUP BY scope.id
  )
  SELECT p.order_id,
         CASE
           WHEN p.is_covered AND p.is_all_rejected THEN 'rejected_by_supplier'
           WHEN p.is_any_received THEN CASE WHEN p.is_all_received THEN 'received' ELSE 'partially_received' END
           WHEN p.is_any_shipped THEN CASE WHEN p.is_all_shipped THEN 'shipped' ELSE 'partially_shipped' END
           WHEN NOT p.is_covered THEN 'awaiting_confirmation'
           WHEN p.is_any_backordered THEN 'backordered'
           WHEN p.is_all_confirmed THEN 'confirmed'
           ELSE 'partially_confirmed'
         END,
         p.expected_delivery_date, p.open_backordered_lines
    FROM per_order p
  $$`;

/** The orders a trigger names: one probe each. */
const SUMMARIES = summaries('order_fulfilment_summaries(order_ids uuid[])', 'AND o.id = ANY(order_ids)');
/** Every sent order, set-based (hash joins over whole tables), for a rebuild. */
const ALL_SUMMARIES = summaries('order_fulfilment_summaries_all()', '');

/** Writes the kept columns of the given orders; an order no longer sent keeps none. */
const REFRESH = `
  CREATE OR REPLACE FUNCTION order_fulfilment_refresh(order_ids uuid[]) RETURNS integer
  LANGUAGE plpgsql AS $$
  DECLARE
    changed integer;
  BEGIN
    IF order_ids IS NULL OR cardinality(order_ids) = 0 THEN RETURN 0; END IF;
    UPDATE orders AS o
       SET fulfilment_status = s.fulfilment_status,
           expected_delivery_date = s.expected_delivery_date,
           open_backordered_lines = coalesce(s.open_backordered_lines, 0)
      FROM (SELECT DISTINCT id FROM unnest(order_ids) AS id) AS t
      LEFT JOIN order_fulfilment_summaries(order_ids) AS s ON s.order_id = t.id
     WHERE o.id = t.id
       AND (o.fulfilment_status, o.expected_delivery_date, o.open_backordered_lines)
           IS DISTINCT FROM (s.fulfilment_status, s.expected_delivery_date, coalesce(s.open_backordered_lines, 0));
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
  END $$`;

/**
 * Every order (after a bulk load with triggers off, and when the columns are added); returns the
 * orders corrected. One set-based pass into a temporary table, then batched writes (docs/scale.md).
 * A write is a compare-and-set on the values seen in that pass: an order a trigger refreshed
 * meanwhile, or one created since, keeps what its trigger wrote.
 */
const REBUILD = `
  CREATE OR REPLACE FUNCTION order_fulfilment_rebuild(batch_size integer DEFAULT 20000) RETURNS integer
  LANGUAGE plpgsql
  SET work_mem = '256MB' SET jit = off SET enable_mergejoin = off
  AS $$
  DECLARE
    corrected integer := 0;
    changed integer;
    total bigint;
    first bigint := 0;
  BEGIN
    IF batch_size IS NULL OR batch_size < 1 THEN
      RAISE EXCEPTION 'batch_size must be at least 1, not %', batch_size;
    END IF;
    DROP TABLE IF EXISTS pg_temp.order_fulfilment_rebuilt;
    CREATE TEMPORARY TABLE order_fulfilment_rebuilt ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY o.id) AS n, o.id AS order_id,
             o.fulfilment_status AS was_status, o.expected_delivery_date AS was_expected_delivery_date,
             o.open_backordered_lines AS was_open_backordered_lines,
             s.fulfilment_status, s.expected_delivery_date,
             coalesce(s.open_backordered_lines, 0) AS open_backordered_lines
        FROM orders AS o LEFT JOIN order_fulfilment_summaries_all() AS s ON s.order_id = o.id;
    ALTER TABLE pg_temp.order_fulfilment_rebuilt ADD PRIMARY KEY (n);
    ANALYZE pg_temp.order_fulfilment_rebuilt;
    SELECT count(*) INTO total FROM pg_temp.order_fulfilment_rebuilt;
    WHILE first < total LOOP
      UPDATE orders AS o
         SET fulfilment_status = r.fulfilment_status,
             expected_delivery_date = r.expected_delivery_date,
             open_backordered_lines = r.open_backordered_lines
        FROM pg_temp.order_fulfilment_rebuilt AS r
       WHERE r.n > first AND r.n <= first + batch_size
         AND o.id = r.order_id
         AND (o.fulfilment_status, o.expected_delivery_date, o.open_backordered_lines)
             IS NOT DISTINCT FROM (r.was_status, r.was_expected_delivery_date, r.was_open_backordered_lines)
         AND (r.was_status, r.was_expected_delivery_date, r.was_open_backordered_lines)
             IS DISTINCT FROM (r.fulfilment_status, r.expected_delivery_date, r.open_backordered_lines);
      GET DIAGNOSTICS changed = ROW_COUNT;
      corrected := corrected + changed;
      first := first + batch_size;
    END LOOP;
    DROP TABLE pg_temp.order_fulfilment_rebuilt;
    RETURN corrected;
  END $$`;

/** Per table: how a changed row names its order (`rows` is the transition table). */
const ORDER_OF: Record<string, (rows: string) => string> = {
  order_items: (rows) => `SELECT order_id FROM ${rows}`,
  supplier_confirmations: (rows) => `SELECT order_id FROM ${rows}`,
  supplier_confirmation_lines: (rows) =>
    `SELECT c.order_id FROM ${rows} r JOIN supplier_confirmations c ON c.id = r.confirmation_id`,
  shipments: (rows) => `SELECT order_id FROM ${rows}`,
  shipment_lines: (rows) => `SELECT s.order_id FROM ${rows} r JOIN shipments s ON s.id = r.shipment_ref`,
  order_receipts: (rows) => `SELECT order_id FROM ${rows}`,
  order_receipt_lines: (rows) => `SELECT rc.order_id FROM ${rows} r JOIN order_receipts rc ON rc.id = r.receipt_id`,
};

const EVENTS = [
  ['INSERT', 'inserted', 'NEW TABLE AS new_rows', ['new_rows']],
  ['UPDATE', 'updated', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', ['new_rows', 'old_rows']],
  ['DELETE', 'deleted', 'OLD TABLE AS old_rows', ['old_rows']],
] as const;

const triggerName = (table: string, done: string) => `order_fulfilment_${table}_${done}`;

/**
 * Only sent orders have a fulfilment: a cart's lines, a pending order's approval and the like cost
 * one probe of their orders, no summary.
 */
const refreshBody = (orderIds: string) => `
  PERFORM order_fulfilment_refresh(ARRAY(
    SELECT o.id FROM orders o
     WHERE o.id IN (${orderIds}) AND (o.status = 'submitted' OR o.fulfilment_status IS NOT NULL)));
  RETURN NULL;`;

const triggerFunction = (name: string, body: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${body}
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders
      ADD COLUMN fulfilment_status text,
      ADD COLUMN expected_delivery_date timestamptz,
      ADD COLUMN open_backordered_lines integer NOT NULL DEFAULT 0`);
  await knex.raw(SUMMARIES);
  await knex.raw(ALL_SUMMARIES);
  await knex.raw(REFRESH);
  await knex.raw(REBUILD);

  for (const [table, orderOf] of Object.entries(ORDER_OF)) {
    for (const [event, done, transition, rows] of EVENTS) {
      const name = triggerName(table, done);
      await knex.raw(triggerFunction(name, refreshBody(rows.map(orderOf).join(' UNION '))));
      await knex.raw(`
        CREATE TRIGGER ${name} AFTER ${event} ON ${table}
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
    }
  }
  // An order becomes sent (or stops being): its own status. The refresh's own UPDATE changes no
  // status, so it finds nothing to do here.
  await knex.raw(
    triggerFunction(
      'order_fulfilment_orders_inserted',
      refreshBody(`SELECT id FROM new_rows WHERE status = 'submitted'`),
    ),
  );
  await knex.raw(
    triggerFunction(
      'order_fulfilment_orders_updated',
      refreshBody(
        `SELECT n.id FROM new_rows n JOIN old_rows p ON p.id = n.id WHERE n.status IS DISTINCT FROM p.status`,
      ),
    ),
  );
  await knex.raw(`
    CREATE TRIGGER order_fulfilment_orders_inserted AFTER INSERT ON orders
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_fulfilment_orders_inserted()`);
  await knex.raw(`
    CREATE TRIGGER order_fulfilment_orders_updated AFTER UPDATE ON orders
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION order_fulfilment_orders_updated()`);

  await knex.raw('SELECT order_fulfilment_rebuild()');
  // The open orders (sent, not yet received in full): tens of thousands at ten million orders.
  await knex.raw(`
    CREATE INDEX orders_open_fulfilment_index ON orders (created_at DESC, display_seq DESC)
      WHERE status = 'submitted' AND fulfilment_status <> 'received'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_open_fulfilment_index');
  for (const done of ['inserted', 'updated']) {
    await knex.raw(`DROP TRIGGER order_fulfilment_orders_${done} ON orders`);
    await knex.raw(`DROP FUNCTION order_fulfilment_orders_${done}()`);
  }
  for (const table of Object.keys(ORDER_OF)) {
    for (const [, done] of EVENTS) {
      await knex.raw(`DROP TRIGGER ${triggerName(table, done)} ON ${table}`);
      await knex.raw(`DROP FUNCTION ${triggerName(table, done)}()`);
    }
  }
  await knex.raw('DROP FUNCTION order_fulfilment_rebuild(integer)');
  await knex.raw('DROP FUNCTION order_fulfilment_refresh(uuid[])');
  await knex.raw('DROP FUNCTION order_fulfilment_summaries(uuid[])');
  await knex.raw('DROP FUNCTION order_fulfilment_summaries_all()');
  await knex.raw(
    'ALTER TABLE orders DROP COLUMN fulfilment_status, DROP COLUMN expected_delivery_date, DROP COLUMN open_backordered_lines',
  );
}
