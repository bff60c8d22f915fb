import type { Knex } from 'knex';

/**
 * Trigger statements that plpgsql planned for a one-row statement no longer run on a large one
 * (nested loops over two transition tables: quadratic). Why, and the alternatives: docs/adr/0011.
 */
const LARGE_STATEMENT_ROWS = 500;

/** Every table with transition-table triggers that keep a total or the fulfilment. */
const TABLES = [
  'orders',
  'order_items',
  'supplier_confirmations',
  'supplier_confirmation_lines',
  'shipments',
  'shipment_lines',
  'order_receipts',
  'order_receipt_lines',
];

const EVENTS = [
  ['INSERT', 'inserted', 'NEW TABLE AS new_rows'],
  ['UPDATE', 'updated', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['DELETE', 'deleted', 'OLD TABLE AS old_rows'],
] as const;

// 'a_' sorts before every other trigger on these tables, 'zz_' after: triggers fire in name order.
const PLACES = [
  ['a_plan_large_statement', 'plan_large_statement_before', 1],
  ['zz_plan_after_large_statement', 'plan_large_statement_after', -1],
] as const;

/** How many large statements are under way in this transaction (a trigger's write nests in one). */
const OPEN_LARGE = `coalesce(nullif(current_setting('supply_hub.large_statements_open', true), ''), '0')::int`;

const EXISTS_CHECK = 'IF NOT EXISTS (\n    SELECT 1 FROM old_orders AS o JOIN new_orders AS n ON n.id = o.id';
const COUNT_CHECK = 'IF 0 = (\n    SELECT count(*) FROM old_orders AS o JOIN new_orders AS n ON n.id = o.id';

/**
 * The rebuild's one pass over every sent order: the planner guesses 200 summaries (a GROUP BY over
 * common table expressions) and joined a million orders to them in a nested loop, each order
 * reading every summary. Hash joins only for that statement; its batched writes after it keep
 * their index lookups.
 */
const REBUILT_ANALYZED = 'ANALYZE pg_temp.order_fulfilment_rebuilt;';
const REBUILT_ANALYZED_THEN_NESTED_LOOPS = `${REBUILT_ANALYZED}\n    SET LOCAL enable_nestloop = on;`;

/** Replaces `from` with `to` in a function's definition as PostgreSQL keeps it (it must be there). */
async function rewriteFunction(knex: Knex, signature: string, from: string, to: string): Promise<void> {
  const { rows } = await knex.raw<{ rows: { definition: string }[] }>(
    'SELECT pg_get_functiondef(?::regprocedure) AS definition',
    [signature],
  );
  const definition = rows[0]!.definition;
  if (!definition.includes(from)) throw new Error(`${signature} has no statement to change`);
  await knex.raw(definition.replace(from, to));
}

const triggerName = (prefix: string, done: string) => `${prefix}_${done}`;

/**
 * Before a statement's other triggers (step 1) and after them (step -1): a large statement drops
 * the session's plans so they plan for its size, and again after, so a small one does not reuse
 * them; a small statement nested in a large one (the fulfilment refresh's own UPDATE) does the same,
 * so neither reuses the other's plans.
 */
const RESET_FUNCTION = (name: string, step: number) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    statement_rows bigint;
  BEGIN
    IF TG_OP = 'DELETE' THEN
      SELECT count(*) INTO statement_rows FROM old_rows;
    ELSE
      SELECT count(*) INTO statement_rows FROM new_rows;
    END IF;
    IF statement_rows > ${LARGE_STATEMENT_ROWS} THEN
      PERFORM set_config('supply_hub.large_statements_open', (${OPEN_LARGE} + ${step})::text, true);
      DISCARD PLANS;
    ELSIF ${OPEN_LARGE} > 0 THEN
      DISCARD PLANS;
    END IF;
    RETURN NULL;
  END $$`;

/**
 * The same refresh, but a long list of orders is planned for its length (EXECUTE … USING plans
 * once with the list's value); a short one keeps the cached plan.
 */
const REFRESH_UPDATE = `
    UPDATE orders AS o
       SET fulfilment_status = s.fulfilment_status,
           expected_delivery_date = s.expected_delivery_date,
           open_backordered_lines = coalesce(s.open_backordered_lines, 0)
      FROM (SELECT DISTINCT id FROM unnest(order_ids) AS id) AS t
      LEFT JOIN order_fulfilment_summaries(order_ids) AS s ON s.order_id = t.id
     WHERE o.id = t.id
       AND (o.fulfilment_status, o.expected_delivery_date, o.open_backordered_lines)
           IS DISTINCT FROM (s.fulfilment_status, s.expected_delivery_date, coalesce(s.open_backordered_lines, 0))`;

const refreshFunction = (isLargePlannedAlone: boolean) => `
  CREATE OR REPLACE FUNCTION order_fulfilment_refresh(order_ids uuid[]) RETURNS integer
  LANGUAGE plpgsql AS $$
  DECLARE
    changed integer;
  BEGIN
    IF order_ids IS NULL OR cardinality(order_ids) = 0 THEN RETURN 0; END IF;
    ${
      isLargePlannedAlone
        ? `IF cardinality(order_ids) > ${LARGE_STATEMENT_ROWS} THEN
      EXECUTE $refresh$${REFRESH_UPDATE.replaceAll('order_ids', '$1')}$refresh$ USING order_ids;
    ELSE${REFRESH_UPDATE};
    END IF;`
        : `${REFRESH_UPDATE.trimStart()};`
    }
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  for (const [prefix, functionName, step] of PLACES) {
    await knex.raw(RESET_FUNCTION(functionName, step));
    for (const table of TABLES) {
      for (const [event, done, transition] of EVENTS) {
        await knex.raw(`
          CREATE TRIGGER ${triggerName(prefix, done)} AFTER ${event} ON ${table}
            REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${functionName}()`);
      }
    }
  }
  await knex.raw(refreshFunction(true));
  await rewriteFunction(knex, 'report_rollups_orders_updated()', EXISTS_CHECK, COUNT_CHECK);
  await rewriteFunction(
    knex,
    'order_fulfilment_rebuild(integer)',
    REBUILT_ANALYZED,
    REBUILT_ANALYZED_THEN_NESTED_LOOPS,
  );
  // A SET clause: the SET LOCAL above ends with the function, and the caller's value comes back.
  await knex.raw('ALTER FUNCTION order_fulfilment_rebuild(integer) SET enable_nestloop = off');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER FUNCTION order_fulfilment_rebuild(integer) RESET enable_nestloop');
  await rewriteFunction(
    knex,
    'order_fulfilment_rebuild(integer)',
    REBUILT_ANALYZED_THEN_NESTED_LOOPS,
    REBUILT_ANALYZED,
  );
  await rewriteFunction(knex, 'report_rollups_orders_updated()', COUNT_CHECK, EXISTS_CHECK);
  await knex.raw(refreshFunction(false));
  for (const [prefix, functionName] of PLACES) {
    for (const table of TABLES) {
      for (const [, done] of EVENTS) await knex.raw(`DROP TRIGGER ${triggerName(prefix, done)} ON ${table}`);
    }
    await knex.raw(`DROP FUNCTION ${functionName}()`);
  }
}
