import type { Knex } from 'knex';

/**
 * Daily report rollups, kept right by triggers in the same transaction as every order change, so
 * the API, the CLI, jobs and hand-written SQL all maintain them. THE SPEND RULE (contracts/reports.ts):
 * an order counts while its status is approved or submitted; amounts are the line snapshots
 * (order_items.total_price); its day is created_at in company_settings.timezone; region by
 * orders.ship_to_state ('' when not set). The triggers are statement-level with transition tables,
 * so a bulk UPDATE costs one set-based pass, and they subtract what a change takes away and add what
 * it brings (entering or leaving a counted status, a new ship-to state, lines added to, changed in
 * or removed from a counted order). TRUNCATE is not followed: run `reports:rebuild` after one.
 * Changing the company timezone rebuilds the rollups in the same transaction.
 */

const COUNTED = `('approved', 'submitted')`;

const isCounted = (alias: string) => `${alias}.status IN ${COUNTED}`;
const dayOf = (alias: string) => `(${alias}.created_at AT TIME ZONE v_tz)::date`;
const stateOf = (alias: string) => `coalesce(${alias}.ship_to_state::text, '')`;

/**
 * One statement applying signed contributions. The caller supplies the CTEs
 * signed_orders(delta, day, state) — one row per order entering (+1) or leaving (-1) a rollup key —
 * and signed_lines(delta, order_id, day, state, asin, title, quantity, total_price). A product's
 * order_count counts an order once however many lines it has for that ASIN and title.
 * Rows that fall back to zero are collected into the v_emptied_* arrays and deleted afterwards.
 */
function applyContributions(ctes: string): string {
  return `
    WITH ${ctes},
    order_deltas AS (
      SELECT day, state, sum(order_count) AS order_count, sum(units) AS units, sum(spend) AS spend
      FROM (
        SELECT day, state, delta AS order_count, 0::bigint AS units, 0::numeric AS spend FROM signed_orders
        UNION ALL
        SELECT day, state, 0, delta * quantity, delta * total_price FROM signed_lines
      ) AS contributions
      GROUP BY day, state
    ),
    product_presence AS (
      SELECT delta, day, asin, title, sum(quantity) AS units, sum(total_price) AS spend
      FROM signed_lines
      GROUP BY delta, order_id, day, asin, title
    ),
    product_deltas AS (
      SELECT day, asin, title, sum(delta) AS order_count, sum(delta * units) AS units, sum(delta * spend) AS spend
      FROM product_presence
      GROUP BY day, asin, title
    ),
    upserted_orders AS (
      INSERT INTO report_daily_orders AS r (day, state, order_count, units, spend)
      SELECT day, state, order_count, units, spend FROM order_deltas
      WHERE order_count <> 0 OR units <> 0 OR spend <> 0
      ORDER BY day, state
      ON CONFLICT (day, state) DO UPDATE SET
        order_count = r.order_count + excluded.order_count,
        units = r.units + excluded.units,
        spend = r.spend + excluded.spend
      RETURNING r.day, r.state, r.order_count, r.units, r.spend
    ),
    upserted_products AS (
      INSERT INTO report_daily_products AS r (day, asin, title_snapshot, order_count, units, spend)
      SELECT day, asin, title, order_count, units, spend FROM product_deltas
      WHERE order_count <> 0 OR units <> 0 OR spend <> 0
      ORDER BY day, asin, title
      ON CONFLICT (day, asin, title_snapshot) DO UPDATE SET
        order_count = r.order_count + excluded.order_count,
        units = r.units + excluded.units,
        spend = r.spend + excluded.spend
      RETURNING r.day, r.asin, r.title_snapshot, r.order_count, r.units, r.spend
    )
    SELECT emptied_orders.days, emptied_orders.states,
           emptied_products.days, emptied_products.asins, emptied_products.titles
    INTO v_emptied_order_days, v_emptied_order_states,
         v_emptied_product_days, v_emptied_product_asins, v_emptied_product_titles
    FROM (
      SELECT array_agg(day) AS days, array_agg(state) AS states FROM upserted_orders
      WHERE order_count = 0 AND units = 0 AND spend = 0
    ) AS emptied_orders, (
      SELECT array_agg(day) AS days, array_agg(asin) AS asins, array_agg(title_snapshot) AS titles
      FROM upserted_products
      WHERE order_count = 0 AND units = 0 AND spend = 0
    ) AS emptied_products;

    IF v_emptied_order_days IS NOT NULL THEN
      DELETE FROM report_daily_orders AS r
      USING unnest(v_emptied_order_days, v_emptied_order_states) AS e(day, state)
      WHERE r.day = e.day AND r.state = e.state AND r.order_count = 0 AND r.units = 0 AND r.spend = 0;
    END IF;
    IF v_emptied_product_days IS NOT NULL THEN
      DELETE FROM report_daily_products AS r
      USING unnest(v_emptied_product_days, v_emptied_product_asins, v_emptied_product_titles) AS e(day, asin, title)
      WHERE r.day = e.day AND r.asin = e.asin AND r.title_snapshot = e.title
        AND r.order_count = 0 AND r.units = 0 AND r.spend = 0;
    END IF;`;
}

const DECLARATIONS = `
  v_tz text;
  v_emptied_order_days date[];
  v_emptied_order_states text[];
  v_emptied_product_days date[];
  v_emptied_product_asins text[];
  v_emptied_product_titles text[];`;

function triggerFunction(name: string, body: string, returnValue = 'NULL'): string {
  return `
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ${DECLARATIONS}
    BEGIN
      ${body}
      RETURN ${returnValue};
    END $$`;
}

/** Contributions of whole orders: their lines as they are now. */
const LINES_OF_SIGNED_ORDERS = `
  signed_lines AS (
    SELECT o.delta, o.order_id, o.day, o.state, i.asin, i.title, i.quantity, i.total_price
    FROM signed_orders AS o JOIN order_items AS i ON i.order_id = o.order_id
  )`;

const ORDERS_INSERTED = triggerFunction(
  'report_rollups_orders_inserted',
  `
  IF NOT EXISTS (SELECT 1 FROM new_orders AS n WHERE ${isCounted('n')}) THEN RETURN NULL; END IF;
  v_tz := report_timezone();
  ${applyContributions(`
    signed_orders AS (
      SELECT 1 AS delta, n.id AS order_id, ${dayOf('n')} AS day, ${stateOf('n')} AS state
      FROM new_orders AS n WHERE ${isCounted('n')}
    ),
    ${LINES_OF_SIGNED_ORDERS}`)}`,
);

/** Same rollup key before and after: counted both times, same creation time, same ship-to state. */
const KEEPS_KEY = `(${isCounted('o')}) = (${isCounted('n')}) AND o.created_at = n.created_at
  AND o.ship_to_state IS NOT DISTINCT FROM n.ship_to_state`;

const ORDERS_UPDATED = triggerFunction(
  'report_rollups_orders_updated',
  `
  IF NOT EXISTS (
    SELECT 1 FROM old_orders AS o JOIN new_orders AS n ON n.id = o.id
    WHERE (${isCounted('o')} OR ${isCounted('n')}) AND NOT (${KEEPS_KEY})
  ) THEN RETURN NULL; END IF;
  v_tz := report_timezone();
  ${applyContributions(`
    signed_orders AS (
      SELECT -1 AS delta, o.id AS order_id, ${dayOf('o')} AS day, ${stateOf('o')} AS state
      FROM old_orders AS o JOIN new_orders AS n ON n.id = o.id
      WHERE ${isCounted('o')} AND NOT (${KEEPS_KEY})
      UNION ALL
      SELECT 1, n.id, ${dayOf('n')}, ${stateOf('n')}
      FROM old_orders AS o JOIN new_orders AS n ON n.id = o.id
      WHERE ${isCounted('n')} AND NOT (${KEEPS_KEY})
    ),
    ${LINES_OF_SIGNED_ORDERS}`)}`,
);

// Row-level and BEFORE: the lines are still there (the cascade removes them after the order).
const ORDER_DELETING = triggerFunction(
  'report_rollups_order_deleting',
  `
  IF NOT (${isCounted('OLD')}) THEN RETURN OLD; END IF;
  v_tz := report_timezone();
  ${applyContributions(`
    signed_orders AS (
      SELECT -1 AS delta, OLD.id AS order_id, ${dayOf('OLD')} AS day, ${stateOf('OLD')} AS state
    ),
    ${LINES_OF_SIGNED_ORDERS}`)}`,
  'OLD',
);

/** Lines changed in counted orders (`affected`: those orders, with their rollup day and state). */
function linesChanged(name: string, changedOrderIds: string, signedLines: string): string {
  return triggerFunction(
    name,
    `
    IF NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.id IN (${changedOrderIds}) AND ${isCounted('o')}) THEN
      RETURN NULL;
    END IF;
    v_tz := report_timezone();
    ${applyContributions(`
      affected AS (
        SELECT o.id AS order_id, ${dayOf('o')} AS day, ${stateOf('o')} AS state
        FROM orders AS o WHERE o.id IN (${changedOrderIds}) AND ${isCounted('o')}
      ),
      signed_orders AS (
        SELECT 0 AS delta, day, state FROM affected WHERE false
      ),
      signed_lines AS (${signedLines})`)}`,
  );
}

/** The (order, product, title) keys of a statement's lines in the affected orders. */
const keysOf = (lines: string) => `(
  SELECT DISTINCT a.order_id, a.day, a.state, l.asin, l.title
  FROM affected AS a JOIN ${lines} AS l ON l.order_id = a.order_id
) AS k`;
/** Keys the affected orders have a line for (other than `except`'s): their lines only, not the table's. */
const haveLineWithKey = (except = '') => `WHERE (k.order_id, k.asin, k.title) IN (
    SELECT i.order_id, i.asin, i.title FROM affected AS a JOIN order_items AS i ON i.order_id = a.order_id
    ${except}
  )`;

// New lines add their amounts; a product the order already had goes on counting once.
const LINES_INSERTED = linesChanged(
  'report_rollups_lines_inserted',
  'SELECT order_id FROM new_lines',
  `
  SELECT 1 AS delta, a.order_id, a.day, a.state, n.asin, n.title, n.quantity, n.total_price
  FROM affected AS a JOIN new_lines AS n ON n.order_id = a.order_id
  UNION ALL
  SELECT -1, k.order_id, k.day, k.state, k.asin, k.title, 0, 0
  FROM ${keysOf('new_lines')}
  ${haveLineWithKey('WHERE i.id NOT IN (SELECT n.id FROM new_lines AS n)')}`,
);

// Removed lines take their amounts away; a product the order still has goes on counting once.
const LINES_DELETED = linesChanged(
  'report_rollups_lines_deleted',
  'SELECT order_id FROM old_lines',
  `
  SELECT -1 AS delta, a.order_id, a.day, a.state, l.asin, l.title, l.quantity, l.total_price
  FROM affected AS a JOIN old_lines AS l ON l.order_id = a.order_id
  UNION ALL
  SELECT 1, k.order_id, k.day, k.state, k.asin, k.title, 0, 0
  FROM ${keysOf('old_lines')}
  ${haveLineWithKey()}`,
);

// Changed lines (never done by the application): each affected order's lines after the statement
// count +1 and before it -1 (today's lines minus the statement's new ones, plus its old ones).
const LINES_UPDATED = linesChanged(
  'report_rollups_lines_updated',
  'SELECT order_id FROM new_lines UNION SELECT order_id FROM old_lines',
  `
  SELECT 1 AS delta, a.order_id, a.day, a.state, i.asin, i.title, i.quantity, i.total_price
  FROM affected AS a JOIN order_items AS i ON i.order_id = a.order_id
  UNION ALL
  SELECT -1, a.order_id, a.day, a.state, i.asin, i.title, i.quantity, i.total_price
  FROM affected AS a JOIN order_items AS i ON i.order_id = a.order_id
  WHERE NOT EXISTS (SELECT 1 FROM new_lines AS n WHERE n.id = i.id)
  UNION ALL
  SELECT -1, a.order_id, a.day, a.state, l.asin, l.title, l.quantity, l.total_price
  FROM affected AS a JOIN old_lines AS l ON l.order_id = a.order_id`,
);

export async function up(knex: Knex): Promise<void> {
  // Indexes, from EXPLAIN ANALYZE at a million orders: every slice filters on a day range, which the
  // primary keys (day first) serve — bitmap scans of ~19k (state) and ~56k (product) rows for a year;
  // grouping then runs on the rows found. No other index paid for itself, and a covering one would
  // stop the updates below from being HOT. Today's rows change with every approval: fillfactor 90
  // leaves room on each page for those updates.
  await knex.raw(`
    CREATE TABLE report_daily_orders (
      day date NOT NULL,
      state text NOT NULL,
      order_count integer NOT NULL,
      units bigint NOT NULL,
      spend numeric(16, 2) NOT NULL,
      PRIMARY KEY (day, state)
    ) WITH (fillfactor = 90)`);
  await knex.raw(`
    CREATE TABLE report_daily_products (
      day date NOT NULL,
      asin text NOT NULL,
      title_snapshot text NOT NULL,
      order_count integer NOT NULL,
      units bigint NOT NULL,
      spend numeric(16, 2) NOT NULL,
      PRIMARY KEY (day, asin, title_snapshot)
    ) WITH (fillfactor = 90)`);

  // The timezone reports use: the company's, or the column default when it is not one PostgreSQL knows.
  await knex.raw(`
    CREATE FUNCTION report_timezone() RETURNS text LANGUAGE plpgsql STABLE AS $$
    DECLARE v_tz text;
    BEGIN
      SELECT timezone INTO v_tz FROM company_settings WHERE id = 1;
      IF v_tz IS NULL THEN RETURN 'America/New_York'; END IF;
      BEGIN
        PERFORM now() AT TIME ZONE v_tz;
      EXCEPTION WHEN invalid_parameter_value THEN
        RETURN 'America/New_York';
      END;
      RETURN v_tz;
    END $$`);

  // Set-based recomputation from orders and order_items (after a bulk load or a timezone change).
  await knex.raw(`
    CREATE FUNCTION report_rollups_rebuild(OUT order_rows bigint, OUT product_rows bigint)
    LANGUAGE plpgsql SET work_mem = '256MB' AS $$
    DECLARE v_tz text := report_timezone();
    BEGIN
      -- Writers wait (their triggers need the rollups); readers keep the old rows until commit.
      LOCK TABLE report_daily_orders, report_daily_products IN EXCLUSIVE MODE;
      DELETE FROM report_daily_orders;
      DELETE FROM report_daily_products;
      -- One pass over the counted lines feeds both rollups; an order's day is worked out once.
      WITH counted AS MATERIALIZED (
        SELECT o.id, ${dayOf('o')} AS day, ${stateOf('o')} AS state FROM orders AS o WHERE ${isCounted('o')}
      ),
      counted_lines AS MATERIALIZED (
        SELECT c.day, c.state, i.order_id, i.asin, i.title, i.quantity, i.total_price
        FROM counted AS c JOIN order_items AS i ON i.order_id = c.id
      ),
      inserted_orders AS (
        INSERT INTO report_daily_orders (day, state, order_count, units, spend)
        SELECT day, state, sum(order_count), sum(units), sum(spend)
        FROM (
          SELECT day, state, count(*) AS order_count, 0 AS units, 0 AS spend FROM counted GROUP BY day, state
          UNION ALL
          SELECT day, state, 0, sum(quantity), sum(total_price) FROM counted_lines GROUP BY day, state
        ) AS totals
        GROUP BY day, state
        RETURNING 1
      ),
      inserted_products AS (
        INSERT INTO report_daily_products (day, asin, title_snapshot, order_count, units, spend)
        SELECT day, asin, title, count(DISTINCT order_id), sum(quantity), sum(total_price)
        FROM counted_lines
        GROUP BY day, asin, title
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM inserted_orders), (SELECT count(*) FROM inserted_products)
      INTO order_rows, product_rows;
    END $$`);

  await knex.raw(ORDERS_INSERTED);
  await knex.raw(ORDERS_UPDATED);
  await knex.raw(ORDER_DELETING);
  await knex.raw(LINES_INSERTED);
  await knex.raw(LINES_UPDATED);
  await knex.raw(LINES_DELETED);
  await knex.raw(`
    CREATE FUNCTION report_rollups_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM report_rollups_rebuild();
      RETURN NULL;
    END $$`);

  await knex.raw(`
    CREATE TRIGGER report_rollups_orders_inserted AFTER INSERT ON orders
    REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_orders_inserted()`);
  await knex.raw(`
    CREATE TRIGGER report_rollups_orders_updated AFTER UPDATE ON orders
    REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
    FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_orders_updated()`);
  await knex.raw(`
    CREATE TRIGGER report_rollups_order_deleting BEFORE DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION report_rollups_order_deleting()`);
  await knex.raw(`
    CREATE TRIGGER report_rollups_lines_inserted AFTER INSERT ON order_items
    REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_lines_inserted()`);
  await knex.raw(`
    CREATE TRIGGER report_rollups_lines_updated AFTER UPDATE ON order_items
    REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
    FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_lines_updated()`);
  await knex.raw(`
    CREATE TRIGGER report_rollups_lines_deleted AFTER DELETE ON order_items
    REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_lines_deleted()`);
  await knex.raw(`
    CREATE TRIGGER report_rollups_timezone_changed AFTER UPDATE OF timezone ON company_settings
    FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
    EXECUTE FUNCTION report_rollups_timezone_changed()`);

  // Whatever orders exist already (a deployment upgrading) start counted.
  await knex.raw('SELECT report_rollups_rebuild()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS report_rollups_timezone_changed ON company_settings');
  for (const trigger of ['lines_deleted', 'lines_updated', 'lines_inserted']) {
    await knex.raw(`DROP TRIGGER IF EXISTS report_rollups_${trigger} ON order_items`);
  }
  for (const trigger of ['order_deleting', 'orders_updated', 'orders_inserted']) {
    await knex.raw(`DROP TRIGGER IF EXISTS report_rollups_${trigger} ON orders`);
  }
  for (const fn of [
    'timezone_changed',
    'lines_deleted',
    'lines_updated',
    'lines_inserted',
    'order_deleting',
    'orders_updated',
    'orders_inserted',
  ]) {
    await knex.raw(`DROP FUNCTION IF EXISTS report_rollups_${fn}()`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS report_rollups_rebuild()');
  await knex.raw('DROP FUNCTION IF EXISTS report_timezone()');
  await knex.raw('DROP TABLE IF EXISTS report_daily_products');
  await knex.raw('DROP TABLE IF EXISTS report_daily_orders');
}
