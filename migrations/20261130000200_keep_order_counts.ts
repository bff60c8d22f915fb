import type { Knex } from 'knex';

/**
 * The back office opens Orders on its "All" tab: the page, its total and a count per status tab.
 * Counted from the orders, each read the whole table (an index of ten million entries: about a
 * second each visit). The counts per status and department are now kept by statement-level
 * triggers, and those views (no filter, a status, a department) read a few hundred rows instead.
 *
 * Each backend adds to the shard its pid picks (modulo SHARDS) of a (status, department) pair, so
 * concurrent submissions for one department seldom queue on one counter row until they commit. An
 * update that moves no order between status and department writes nothing.
 */
const SHARDS = 8;

const UPSERT = (deltas: string) => `
  INSERT INTO order_counts AS c (status, delivery_location, shard, orders)
  SELECT status, delivery_location, pg_backend_pid() % ${SHARDS}, sum(delta)
    FROM (${deltas}) AS changed
   GROUP BY status, delivery_location
  HAVING sum(delta) <> 0
   ORDER BY status, delivery_location
  ON CONFLICT (status, delivery_location, shard) DO UPDATE SET orders = c.orders + excluded.orders`;

const ADDED = `SELECT status, delivery_location, 1 AS delta FROM new_rows`;
const TAKEN = `SELECT status, delivery_location, -1 AS delta FROM old_rows`;

const EVENTS = [
  ['INSERT', 'inserted', 'NEW TABLE AS new_rows', ADDED],
  ['UPDATE', 'updated', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', `${ADDED} UNION ALL ${TAKEN}`],
  ['DELETE', 'deleted', 'OLD TABLE AS old_rows', TAKEN],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE order_counts (
      status text NOT NULL,
      delivery_location text NOT NULL,
      shard smallint NOT NULL,
      orders bigint NOT NULL,
      PRIMARY KEY (status, delivery_location, shard)
    )`);
  for (const [event, done, transition, deltas] of EVENTS) {
    await knex.raw(`
      CREATE FUNCTION order_counts_${done}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${UPSERT(deltas)};
        RETURN NULL;
      END $$`);
    await knex.raw(`
      CREATE TRIGGER order_counts_${done} AFTER ${event} ON orders
        REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION order_counts_${done}()`);
  }
  await knex.raw(`
    CREATE FUNCTION order_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE order_counts;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER order_counts_truncated AFTER TRUNCATE ON orders
      FOR EACH STATEMENT EXECUTE FUNCTION order_counts_truncated()`);
  // After a bulk load with triggers off. Writers wait while it counts, so no change falls between
  // the count and the table it replaces.
  await knex.raw(`
    CREATE FUNCTION order_counts_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE
      counted bigint;
    BEGIN
      LOCK TABLE orders IN SHARE MODE;
      DELETE FROM order_counts;
      INSERT INTO order_counts (status, delivery_location, shard, orders)
      SELECT status, delivery_location, 0, count(*) FROM orders GROUP BY status, delivery_location;
      SELECT coalesce(sum(orders), 0) INTO counted FROM order_counts;
      RETURN counted;
    END $$`);
  await knex.raw('SELECT order_counts_rebuild()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER order_counts_truncated ON orders');
  await knex.raw('DROP FUNCTION order_counts_truncated()');
  for (const [, done] of EVENTS) {
    await knex.raw(`DROP TRIGGER order_counts_${done} ON orders`);
    await knex.raw(`DROP FUNCTION order_counts_${done}()`);
  }
  await knex.raw('DROP FUNCTION order_counts_rebuild()');
  await knex.raw('DROP TABLE order_counts');
}
