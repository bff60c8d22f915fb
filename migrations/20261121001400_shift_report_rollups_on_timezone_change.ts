import type { Knex } from 'knex';

/**
 * A company timezone change no longer recomputes the report rollups from scratch in the settings
 * transaction (41.6 s at a million orders, order writes waiting all along). It moves only the orders
 * whose day differs between the two zones — for New York to Chicago, those placed between midnight
 * and 1 a.m. in New York — from their former day to their new one, in the same transaction. Every
 * other order keeps its day, so its rollup rows stay as they are. Figures: scripts/bench/reports.mjs.
 *
 * report_timezone(), which every rollup trigger calls before writing, now first takes the rollups'
 * ROW EXCLUSIVE lock: an order written while a change is being applied waits for it, then reads the
 * new zone (a volatile function sees what committed by each of its statements), so no order lands
 * on a day of the former zone. The read path uses report_company_timezone(), which takes no lock.
 */

const COUNTED = `('approved', 'submitted')`;

/** The zone PostgreSQL will use for a company_settings.timezone value: itself, or the default one. */
const EFFECTIVE_TIMEZONE = `
  CREATE FUNCTION report_effective_timezone(p_timezone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
  BEGIN
    IF p_timezone IS NULL THEN RETURN 'America/New_York'; END IF;
    BEGIN
      PERFORM now() AT TIME ZONE p_timezone;
    EXCEPTION WHEN invalid_parameter_value THEN
      RETURN 'America/New_York';
    END;
    RETURN p_timezone;
  END $$`;

const COMPANY_TIMEZONE = `
  CREATE FUNCTION report_company_timezone() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT report_effective_timezone((SELECT timezone FROM company_settings WHERE id = 1))
  $$`;

const LOCKING_TIMEZONE = `
  CREATE OR REPLACE FUNCTION report_timezone() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
  BEGIN
    LOCK TABLE report_daily_orders, report_daily_products IN ROW EXCLUSIVE MODE;
    RETURN report_company_timezone();
  END $$`;

/**
 * Moves the counted orders whose day differs between p_from and p_to: their order, units and spend
 * leave the former day's rows and join the new day's; a product row counts an order once however
 * many lines it has for that ASIN and title (as the triggers count). Rows left at zero are deleted.
 */
const SHIFT_TIMEZONE = `
  CREATE FUNCTION report_rollups_shift_timezone(p_from text, p_to text, OUT moved_orders bigint)
  LANGUAGE plpgsql SET work_mem = '256MB' SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off AS $$
  DECLARE
    v_emptied_order_days date[];
    v_emptied_order_states text[];
    v_emptied_product_days date[];
    v_emptied_product_asins text[];
    v_emptied_product_titles text[];
  BEGIN
    moved_orders := 0;
    IF p_from = p_to THEN RETURN; END IF;
    LOCK TABLE report_daily_orders, report_daily_products IN EXCLUSIVE MODE;
    -- A table of its own, analysed, so the planner knows how few orders move (an estimate of all of
    -- them picked a hash join over every order line: 6 s instead of under one for a one-hour shift).
    DROP TABLE IF EXISTS pg_temp.report_moved_orders;
    CREATE TEMP TABLE report_moved_orders ON COMMIT DROP AS
      SELECT o.id, d.old_day, d.new_day, coalesce(o.ship_to_state::text, '') AS state
      FROM orders AS o
      CROSS JOIN LATERAL (
        SELECT (o.created_at AT TIME ZONE p_from)::date AS old_day, (o.created_at AT TIME ZONE p_to)::date AS new_day
      ) AS d
      WHERE o.status IN ${COUNTED} AND d.old_day <> d.new_day;
    ANALYZE pg_temp.report_moved_orders;
    WITH moved AS (SELECT * FROM pg_temp.report_moved_orders),
    moved_lines AS MATERIALIZED (
      SELECT m.id AS order_id, m.old_day, m.new_day, m.state, i.asin, i.title, i.quantity, i.total_price
      FROM moved AS m JOIN order_items AS i ON i.order_id = m.id
    ),
    order_deltas AS (
      SELECT day, state, sum(order_count) AS order_count, sum(units) AS units, sum(spend) AS spend
      FROM (
        SELECT old_day AS day, state, -count(*) AS order_count, 0::bigint AS units, 0::numeric AS spend
        FROM moved GROUP BY old_day, state
        UNION ALL
        SELECT new_day, state, count(*), 0, 0 FROM moved GROUP BY new_day, state
        UNION ALL
        SELECT old_day, state, 0, -sum(quantity), -sum(total_price) FROM moved_lines GROUP BY old_day, state
        UNION ALL
        SELECT new_day, state, 0, sum(quantity), sum(total_price) FROM moved_lines GROUP BY new_day, state
      ) AS contributions
      GROUP BY day, state
    ),
    product_moves AS (
      SELECT old_day, new_day, asin, title, count(DISTINCT order_id) AS order_count,
             sum(quantity) AS units, sum(total_price) AS spend
      FROM moved_lines
      GROUP BY old_day, new_day, asin, title
    ),
    product_deltas AS (
      SELECT day, asin, title, sum(order_count) AS order_count, sum(units) AS units, sum(spend) AS spend
      FROM (
        SELECT old_day AS day, asin, title, -order_count AS order_count, -units AS units, -spend AS spend
        FROM product_moves
        UNION ALL
        SELECT new_day, asin, title, order_count, units, spend FROM product_moves
      ) AS contributions
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
    SELECT (SELECT count(*) FROM moved),
           emptied_orders.days, emptied_orders.states,
           emptied_products.days, emptied_products.asins, emptied_products.titles
    INTO moved_orders, v_emptied_order_days, v_emptied_order_states,
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
    END IF;
  END $$`;

const SHIFT_ON_CHANGE = `
  CREATE OR REPLACE FUNCTION report_rollups_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM report_rollups_shift_timezone(
      report_effective_timezone(OLD.timezone), report_effective_timezone(NEW.timezone)
    );
    RETURN NULL;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(EFFECTIVE_TIMEZONE);
  await knex.raw(COMPANY_TIMEZONE);
  await knex.raw(LOCKING_TIMEZONE);
  await knex.raw(SHIFT_TIMEZONE);
  // The trigger of 20261121001300 (AFTER UPDATE OF timezone, when it differs) stays; its function changes.
  await knex.raw(SHIFT_ON_CHANGE);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION report_rollups_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM report_rollups_rebuild();
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION report_timezone() RETURNS text LANGUAGE plpgsql STABLE AS $$
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
  await knex.raw('DROP FUNCTION IF EXISTS report_rollups_shift_timezone(text, text)');
  await knex.raw('DROP FUNCTION IF EXISTS report_company_timezone()');
  await knex.raw('DROP FUNCTION IF EXISTS report_effective_timezone(text)');
}
