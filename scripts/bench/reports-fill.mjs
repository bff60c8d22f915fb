// Set-based fill of the reports benchmark database: users with addresses in every state, a
// 154-product catalogue, orders over three years with four lines each, all from generate_series
// with deterministic arithmetic (the same inputs give the same data on every run).
import { performance } from 'node:perf_hooks';

const STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
];
export const PRODUCTS = 154;
export const LINES_PER_ORDER = 4;
const DAYS = 3 * 365;

/**
 * Line k (0–3) of order g: four distinct products (step 1–37 never wraps onto itself within four
 * lines of 154), quantities 1–5. Used by both the order totals and the lines, so they agree.
 */
const productOf = (g, k) => `((${g} * 31) % ${PRODUCTS} + ${k} * (1 + ${g} % 37)) % ${PRODUCTS} + 1`;
const quantityOf = (g, k) => `(1 + ((${g} + ${k} * 3) % 5))`;

/** Runs one statement and returns its duration in ms. */
async function timed(client, sql, params = []) {
  const started = performance.now();
  await client.query(sql, params);
  return performance.now() - started;
}

/** Turns off the report triggers and foreign-key checks for the bulk load (the rollups are rebuilt after). */
export async function disableTriggers(client) {
  try {
    await client.query('SET session_replication_role = replica');
    return 'session_replication_role';
  } catch {
    // Not a superuser: switch off the report triggers by name, and keep the foreign-key checks.
    for (const [table, trigger] of [
      ['orders', 'report_rollups_orders_inserted'],
      ['order_items', 'report_rollups_lines_inserted'],
    ]) {
      await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    }
    return 'disabled report triggers';
  }
}

export async function enableTriggers(client, how) {
  if (how === 'session_replication_role') {
    await client.query('SET session_replication_role = origin');
    return;
  }
  await client.query('ALTER TABLE orders ENABLE TRIGGER report_rollups_orders_inserted');
  await client.query('ALTER TABLE order_items ENABLE TRIGGER report_rollups_lines_inserted');
}

/**
 * Drops a table's indexes (and the unique constraints behind them) for the bulk load, bar `keep`;
 * returns a function that builds them again, as the schema had them.
 */
async function dropIndexes(client, table, keep) {
  const { rows: constraints } = await client.query(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype IN ('p', 'u') AND NOT (conname = ANY($2))`,
    [table, keep],
  );
  const { rows: indexes } = await client.query(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = $1 AND NOT (indexname = ANY($2))
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass)`,
    [table, keep],
  );
  for (const { name } of constraints) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
  for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
  return async () => {
    for (const { name, definition } of constraints) {
      await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`);
    }
    for (const { definition } of indexes) await client.query(definition);
  };
}

export async function fillDatabase(client, { orders, users, progress }) {
  const steps = {};
  await client.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'`);
  await client.query(`UPDATE company_settings SET timezone = 'America/New_York'`);
  const how = await disableTriggers(client);
  progress(`  bulk load with ${how}`);

  steps.usersMs = await timed(
    client,
    `INSERT INTO users (email, email_verified)
     SELECT 'bench-user-' || g || '@bench.supplyhub.test', true FROM generate_series(1, $1::int) AS g`,
    [users],
  );
  await client.query(
    `CREATE TEMP TABLE bench_users AS
     SELECT row_number() OVER (ORDER BY email)::int AS n, id, email FROM users WHERE email LIKE 'bench-user-%'`,
  );
  await client.query(`ALTER TABLE bench_users ADD PRIMARY KEY (n)`);
  await client.query(
    `INSERT INTO shipping_addresses (user_id, full_name, street_line1, city, state, postal_code)
     SELECT id, 'Bench User ' || n, n || ' Main Street', 'Springfield', ($1::text[])[1 + n % $2::int], lpad((n % 99999)::text, 5, '0')
     FROM bench_users`,
    [STATES, STATES.length],
  );
  await client.query(
    `CREATE TEMP TABLE bench_states AS SELECT u.n, a.state FROM bench_users u JOIN shipping_addresses a ON a.user_id = u.id`,
  );
  await client.query(`ALTER TABLE bench_states ADD PRIMARY KEY (n)`);

  await client.query(
    `INSERT INTO products (asin, sku, title, price, category, active, in_stock)
     SELECT 'BENCH' || lpad(g::text, 5, '0'), 'BSKU-' || g, 'Bench supply ' || g, round((0.5 + (g * 37 % 400) / 4.0)::numeric, 2), 'General Medical', true, true
     FROM generate_series(1, ${PRODUCTS}) AS g`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_products AS
     SELECT row_number() OVER (ORDER BY asin)::int AS n, id, asin, sku, title, price FROM products WHERE asin LIKE 'BENCH%'`,
  );
  await client.query(`ALTER TABLE bench_products ADD PRIMARY KEY (n)`);
  await client.query('ANALYZE bench_users; ANALYZE bench_states; ANALYZE bench_products');

  // orders_pkey stays: order_items' foreign key needs it.
  const restoreOrderIndexes = await dropIndexes(client, 'orders', ['orders_pkey']);
  const restoreLineIndexes = await dropIndexes(client, 'order_items', []);
  progress(`  ${orders.toLocaleString('en-US')} orders…`);
  // display_seq 0–999,999: order_number pads display_seq to six digits and truncates longer ones
  // (lpad), so SO-1000000 would repeat SO-100000 — a million orders is the most it can number.
  // Status mix: 70 % submitted, 10 % approved, 8 % pending, 6 % rejected, 6 % failed. The ship-to
  // state is set on every order that went to the supplier, as the approval does.
  steps.ordersMs = await timed(
    client,
    `INSERT INTO orders (display_seq, user_id, user_email, status, rejection_reason, total_amount, created_at, updated_at,
                         ship_to_full_name, ship_to_state, ship_to_country, approved_at, approval_source)
     SELECT g, u.id, u.email, st.status,
            CASE WHEN st.status IN ('rejected', 'failed') THEN 'bench' END,
            t.total, c.at, c.at,
            CASE WHEN st.status IN ('approved', 'submitted', 'failed') THEN 'Bench User' END,
            CASE WHEN st.status IN ('approved', 'submitted', 'failed') THEN s.state END,
            CASE WHEN st.status IN ('approved', 'submitted', 'failed') THEN 'US' END,
            CASE WHEN st.status IN ('approved', 'submitted', 'failed') THEN c.at END,
            CASE WHEN st.status IN ('approved', 'submitted', 'failed') THEN 'admin' END
     FROM generate_series(0::bigint, $1::bigint - 1) AS g
     JOIN bench_users AS u ON u.n = 1 + (g * 7919) % $2::int
     JOIN bench_states AS s ON s.n = u.n
     CROSS JOIN LATERAL (
       SELECT now() - make_interval(secs => ((g::bigint * 2654435761) % (${DAYS} * 86400))::double precision) AS at
     ) AS c
     CROSS JOIN LATERAL (
       SELECT CASE WHEN g % 100 < 70 THEN 'submitted' WHEN g % 100 < 80 THEN 'approved'
                   WHEN g % 100 < 88 THEN 'pending' WHEN g % 100 < 94 THEN 'rejected' ELSE 'failed' END AS status
     ) AS st
     CROSS JOIN LATERAL (
       SELECT sum(p.price * ${quantityOf('g', 'k')}) AS total
       FROM generate_series(0, ${LINES_PER_ORDER - 1}) AS k JOIN bench_products AS p ON p.n = ${productOf('g', 'k')}
     ) AS t`,
    [orders, users],
  );

  progress(`  ${(orders * LINES_PER_ORDER).toLocaleString('en-US')} order lines…`);
  steps.linesMs = await timed(
    client,
    `INSERT INTO order_items (order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price)
     SELECT o.id, k + 1, p.id, p.asin, p.sku, p.title, ${quantityOf('o.display_seq', 'k')}, p.price,
            p.price * ${quantityOf('o.display_seq', 'k')}
     FROM orders AS o
     CROSS JOIN generate_series(0, ${LINES_PER_ORDER - 1}) AS k
     JOIN bench_products AS p ON p.n = ${productOf('o.display_seq', 'k')}
     WHERE o.display_seq < $1`,
    [orders],
  );
  await client.query(`SELECT setval('orders_display_seq_seq', $1::bigint)`, [orders + 1000]);
  progress('  building the indexes of orders and order_items again…');
  const indexesStarted = performance.now();
  await restoreOrderIndexes();
  await restoreLineIndexes();
  steps.indexesMs = performance.now() - indexesStarted;
  await enableTriggers(client, how);

  steps.vacuumMs = await timed(client, 'VACUUM (ANALYZE) orders, order_items');

  progress('  rebuilding the report rollups (report_rollups_rebuild(), as `reports:rebuild` does)…');
  const rebuildStarted = performance.now();
  const rebuilt = await client.query('SELECT order_rows, product_rows FROM report_rollups_rebuild()');
  steps.rebuildMs = performance.now() - rebuildStarted;
  await client.query('VACUUM (ANALYZE) report_daily_orders, report_daily_products');
  // The triggers were off, so the sent orders keep no fulfilment yet and the orders are not counted;
  // a bulk load rebuilds both (docs/scale.md).
  progress('  rebuilding the kept fulfilment and order counts (order_fulfilment_rebuild(), order_counts_rebuild())…');
  steps.fulfilmentMs = await timed(client, 'SELECT order_fulfilment_rebuild(); SELECT order_counts_rebuild()');
  return { steps, rollupRows: rebuilt.rows[0], triggersOffBy: how };
}

const TAIL_LINES_PER_ORDER = 4;

/**
 * The long tail used only for the 1,000,000-row CSV: four more lines on each of `orders` submitted
 * orders, every line a product no other order has (a quarter of their titles start with '=').
 * Lines added to orders that already count are the rollup triggers' rare path; here they take a
 * million of them in one set-based statement. (New orders are out: order_number has no room left.)
 */
export async function fillLongTail(client, { orders }) {
  await client.query(`SET synchronous_commit = off; SET work_mem = '256MB'`);
  await client.query(
    `CREATE TEMP TABLE bench_tail AS
     SELECT id, (row_number() OVER (ORDER BY display_seq) - 1)::int AS n
     FROM (SELECT id, display_seq FROM orders WHERE status = 'submitted' ORDER BY display_seq LIMIT $1) AS chosen`,
    [orders],
  );
  const chosen = await client.query('SELECT count(*)::int AS n FROM bench_tail');
  const steps = {};
  steps.linesMs = await timed(
    client,
    `INSERT INTO order_items (order_id, line_number, asin, title, quantity, unit_price, total_price)
     SELECT t.id, ${LINES_PER_ORDER + 1} + k, 'TAIL' || lpad((t.n * ${TAIL_LINES_PER_ORDER} + k)::text, 7, '0'),
            CASE WHEN k = 0 THEN '=Tail item ' ELSE 'Tail item ' END || t.n || '-' || k, 1, 1.00, 1.00
     FROM bench_tail AS t CROSS JOIN generate_series(0, ${TAIL_LINES_PER_ORDER - 1}) AS k`,
  );
  const { rows } = await client.query('SELECT count(*)::int AS n FROM report_daily_products');
  await client.query('VACUUM (ANALYZE) report_daily_products');
  await client.query('RESET ALL');
  return { steps, productRows: rows[0].n, lines: chosen.rows[0].n * TAIL_LINES_PER_ORDER };
}
