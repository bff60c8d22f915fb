// Set-based fill of the scale benchmark: 60 departments, 20 ward locations, 600 requesters, a
// 500-product catalogue and N orders of four lines over three years, with the fulfilment documents
// (confirmations, ship notices with lots), receipts (with lots) and invoices an order of its age
// would have. Every row is a deterministic function of the order's index g (0 … N-1), so each table
// is one INSERT … SELECT over generate_series with no join back to orders: ids are derived from g
// (monotonic, so the primary keys kept during the load grow at their right edge), and order g is
// the g-th oldest, as display_seq and the heap order are in production.
//
// Triggers: the load runs with session_replication_role = replica (no row or statement triggers,
// no foreign-key checks); what the triggers keep is then computed set-wise, one statement per kept
// total (docs/scale.md, "Bulk loads and the triggers").
import { performance } from 'node:perf_hooks';

export const LINES_PER_ORDER = 4;
export const DEPARTMENTS = 60;
export const LOCATIONS = 20;
export const REQUESTERS = 600;
export const PRODUCTS = 500;
const DAYS = 3 * 365;
const STATES = ['MA', 'NY', 'CA', 'TX', 'IL', 'FL', 'WA', 'GA', 'OH', 'PA'];

/** The tables the fill writes in bulk: their secondary indexes are dropped during the load and built after. */
export const BULK_TABLES = [
  'orders',
  'order_items',
  'supplier_confirmations',
  'supplier_confirmation_lines',
  'shipments',
  'shipment_lines',
  'order_receipts',
  'order_receipt_lines',
  'invoices',
  'invoice_lines',
];

/** Deterministic uuids by g: the same prefix and a growing tail, so a btree on them is appended to. */
const orderId = (g) => `('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
const invoiceId = (g) => `('00000000-0000-4000-9000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;

/**
 * The SQL expressions of order g, as a lateral subquery `o`: its age in seconds (order 0 is three
 * years old, order N-1 is now), creation time, status and the fulfilment steps its age reached.
 */
function orderFacts(orders, now) {
  const span = DAYS * 86_400;
  const age = `((${orders}::bigint - 1 - g) * ${span} / ${orders} + (g * 7919) % 600)`;
  return `CROSS JOIN LATERAL (SELECT ${age} AS age) AS a
    CROSS JOIN LATERAL (
      SELECT a.age, '${now}'::timestamptz - make_interval(secs => a.age) AS created_at,
             CASE WHEN a.age < 7 * 86400 THEN
                    CASE WHEN g % 20 < 6 THEN 'pending' WHEN g % 20 < 8 THEN 'approved'
                         WHEN g % 20 = 19 THEN 'rejected' ELSE 'submitted' END
                  ELSE CASE WHEN g % 100 < 6 THEN 'rejected' WHEN g % 100 < 8 THEN 'failed' ELSE 'submitted' END
             END AS status
    ) AS o
    CROSS JOIN LATERAL (
      SELECT o.status = 'submitted' AND o.age >= 12 * 3600 AS is_confirmed,
             o.status = 'submitted' AND o.age >= 2 * 86400 AS is_shipped,
             o.status = 'submitted' AND o.age >= 4 * 86400 AND g % 1000 <> 7 AS is_received,
             o.status = 'submitted' AND o.age >= 6 * 86400 AND g % 1000 <> 7 AND g % 50 <> 3 AS is_invoiced,
             g % 10 >= 8 AS is_detail,
             -- One order in ten has its fourth line backordered; it ships two weeks after the order.
             g % 10 = 9 AS is_backorder,
             g % 10 <> 9 OR o.age >= 14 * 86400 AS is_line4_shipped
    ) AS f`;
}

/** Line k (0–3) of order g: four distinct products (step 1–37 never wraps within four lines of 500), quantities 1–5. */
const productOf = (k) => `((g * 31) % ${PRODUCTS} + ${k} * (1 + g % 37)) % ${PRODUCTS} + 1`;
const quantityOf = (k) => `(1 + ((g + ${k} * 3) % 5))`;
/** A lot per product and 30-day batch: every delivery of that product in the batch carries it. */
const lotOf = (k) =>
  `'L' || lpad((${productOf(k)})::text, 3, '0') || '-' || lpad((o.age / (30 * 86400))::text, 2, '0')`;
/** The lot the recall lookup asks for: product 1's batch of about a year ago. */
export const RECALL_LOT = { productN: 1, lot: 'L001-12' };

async function timed(client, sql, params = []) {
  const started = performance.now();
  const result = await client.query(sql, params);
  return { ms: performance.now() - started, rows: result.rowCount };
}

/**
 * Drops a table's secondary indexes and the unique or primary keys no foreign key depends on; returns
 * a function that builds them again as the schema had them.
 */
async function dropIndexes(client, table) {
  const { rows: constraints } = await client.query(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint c
     WHERE conrelid = $1::regclass AND contype IN ('p', 'u')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)`,
    [table],
  );
  const { rows: indexes } = await client.query(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = $1
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass)`,
    [table],
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

/** The reference data: departments, locations, budgets, products and the requesters beside `firstRequesterEmail`. */
async function fillReferenceData(client) {
  await client.query(
    `INSERT INTO departments (code, name, site)
     SELECT 'BENCH' || lpad(d::text, 2, '0'), 'Bench Department ' || lpad(d::text, 2, '0'), 'Site ' || (1 + d % 3)
     FROM generate_series(1, ${DEPARTMENTS}) AS d`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_departments AS
     SELECT row_number() OVER (ORDER BY code)::int AS n, id, name FROM departments WHERE code LIKE 'BENCH%'`,
  );
  await client.query(
    `INSERT INTO locations (name, department_id)
     SELECT 'Ward ' || d.n, d.id FROM bench_departments d WHERE d.n <= ${LOCATIONS}`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_locations AS
     SELECT d.n, l.id FROM locations l JOIN bench_departments d ON d.id = l.department_id`,
  );
  // Every department has a monthly budget that only warns; the budget measurement sets the
  // requester's department to a 'stop' budget and back to none.
  await client.query(
    `INSERT INTO budgets (department_id, period, amount, policy) SELECT id, 'month', 5000000, 'warn' FROM bench_departments`,
  );
  await client.query(
    `INSERT INTO products (asin, sku, title, price, category, active, in_stock)
     SELECT 'SCALE' || lpad(p::text, 5, '0'), 'SSKU-' || p, 'Scale supply ' || p,
            round((0.5 + (p * 37 % 400) / 4.0)::numeric, 2), 'General Medical', true, true
     FROM generate_series(1, ${PRODUCTS}) AS p`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_products AS
     SELECT row_number() OVER (ORDER BY asin)::int AS n, id, asin, sku, title, price FROM products WHERE asin LIKE 'SCALE%'`,
  );
  // The first requester was created by the CLI (it signs in); the others only own orders.
  await client.query(
    `INSERT INTO users (email, email_verified)
     SELECT 'bench-req-' || lpad(r::text, 4, '0') || '@bench.supplyhub.test', true FROM generate_series(1, ${REQUESTERS - 1}) AS r`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_users AS
     SELECT row_number() OVER (ORDER BY email)::int AS n, id, email FROM users WHERE email LIKE 'bench-req-%'`,
  );
  const { rows } = await client.query('SELECT count(*)::int AS n FROM bench_users');
  if (rows[0].n !== REQUESTERS) throw new Error(`expected ${REQUESTERS} requesters, found ${rows[0].n}`);
  await client.query(
    `INSERT INTO profiles (user_id, first_name, last_name, onboarding_completed, onboarding_approved)
     SELECT id, 'Requester', n::text, true, true FROM bench_users ON CONFLICT (user_id) DO NOTHING`,
  );
  await client.query(
    `UPDATE profiles p SET department_id = d.id
     FROM bench_users u JOIN bench_departments d ON d.n = 1 + (u.n - 1) % ${DEPARTMENTS} WHERE p.user_id = u.id`,
  );
  await client.query(
    `INSERT INTO user_roles (user_id, role)
     SELECT u.id, 'user' FROM bench_users u WHERE NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)`,
  );
  await client.query(`ALTER TABLE bench_users ADD COLUMN department_n int`);
  await client.query(`UPDATE bench_users SET department_n = 1 + (n - 1) % ${DEPARTMENTS}`);
  for (const table of ['bench_departments', 'bench_locations', 'bench_products', 'bench_users']) {
    await client.query(`ALTER TABLE ${table} ADD PRIMARY KEY (n)`);
    await client.query(`ANALYZE ${table}`);
  }
  // One inbound log row per document type stands for the documents: the log is read by payloadID
  // and by order, never scanned, so its size does not enter the measured paths.
  const { rows: documents } = await client.query(
    `INSERT INTO inbound_documents (document_type, status_code, status_text, message)
     VALUES ('ConfirmationRequest', 200, 'OK', 'bench'), ('ShipNoticeRequest', 200, 'OK', 'bench'),
            ('InvoiceDetailRequest', 200, 'OK', 'bench')
     RETURNING id, document_type`,
  );
  return Object.fromEntries(documents.map((row) => [row.document_type, row.id]));
}

/** The statements of the bulk load, in order: [label, sql]. */
function bulkStatements(orders, now, documents) {
  const facts = orderFacts(orders, now);
  const series = `FROM generate_series(0::bigint, ${orders - 1}::bigint) AS g ${facts}`;
  const lines = (condition) =>
    `${series} CROSS JOIN generate_series(0, ${LINES_PER_ORDER - 1}) AS k
     JOIN bench_products AS p ON p.n = ((g * 31) % ${PRODUCTS} + k * (1 + g % 37)) % ${PRODUCTS} + 1
     WHERE ${condition}`;
  const shippedLine = `(k < 3 OR f.is_line4_shipped)`;
  const qty = quantityOf('k');
  const lot = lotOf('k');
  return [
    [
      'orders',
      `INSERT INTO orders (id, display_seq, user_id, user_email, status, rejection_reason, total_amount, delivery_location,
                           department_id, location_id, ship_to_full_name, ship_to_street_line1, ship_to_city, ship_to_state,
                           ship_to_postal_code, ship_to_country, approved_at, approval_source, submitted_at, payload_id,
                           supplier_order_id, submission_attempts, created_at, updated_at, budget_committed)
       SELECT ${orderId('g')}, g + 1, u.id, u.email, o.status,
              CASE WHEN o.status = 'rejected' THEN 'Not stocked for this ward' END,
              t.total, d.name, d.id,
              CASE WHEN g % 4 = 0 THEN l.id END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN 'Requester ' || u.n END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN u.n || ' Main Street' END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN 'Springfield' END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN ('{${STATES.join(',')}}'::text[])[1 + u.n % ${STATES.length}] END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN lpad((u.n * 7)::text, 5, '0') END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN 'US' END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN o.created_at + interval '20 minutes' END,
              CASE WHEN o.status IN ('approved', 'submitted', 'failed') THEN 'admin' END,
              CASE WHEN o.status = 'submitted' THEN o.created_at + interval '21 minutes' END,
              CASE WHEN o.status IN ('submitted', 'failed') THEN 'bench-order-' || g || '@supplyhub' END,
              CASE WHEN o.status = 'submitted' THEN 'SUP-' || g END,
              CASE WHEN o.status IN ('submitted', 'failed') THEN 1 ELSE 0 END,
              o.created_at, o.created_at,
              -- order_budget_cost(): no supplier rejections in this data, so a sent order commits its total.
              CASE WHEN o.status = 'rejected' THEN 0 ELSE t.total END
       ${series}
       JOIN bench_users AS u ON u.n = 1 + (g * 7919) % ${REQUESTERS}
       JOIN bench_departments AS d ON d.n = u.department_n
       LEFT JOIN bench_locations AS l ON l.n = u.department_n
       CROSS JOIN LATERAL (
         SELECT sum(p.price * ${qty}) AS total
         FROM generate_series(0, ${LINES_PER_ORDER - 1}) AS k
         JOIN bench_products AS p ON p.n = ${productOf('k')}
       ) AS t`,
    ],
    [
      'order_items',
      `INSERT INTO order_items (order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price)
       SELECT ${orderId('g')}, k + 1, p.id, p.asin, p.sku, p.title, ${qty}, p.price, p.price * ${qty}
       ${lines('true')}`,
    ],
    [
      'supplier_confirmations',
      `INSERT INTO supplier_confirmations (id, order_id, inbound_document_id, payload_id, confirm_id, confirmation_type,
                                           operation, notice_date, created_at)
       SELECT g + 1, ${orderId('g')}, ${documents.ConfirmationRequest}, 'bench-conf-' || g || '@supplier', 'C-' || g,
              CASE WHEN f.is_detail THEN 'detail' ELSE 'accept' END, 'new',
              o.created_at + interval '6 hours', o.created_at + interval '6 hours'
       ${series} WHERE f.is_confirmed`,
    ],
    [
      'supplier_confirmation_lines',
      `INSERT INTO supplier_confirmation_lines (confirmation_id, line_number, status, quantity, delivery_date, unit_price)
       SELECT g + 1, k + 1, CASE WHEN k = 3 AND f.is_backorder THEN 'backordered' ELSE 'accept' END, ${qty},
              o.created_at + CASE WHEN k = 3 AND f.is_backorder THEN interval '14 days' ELSE interval '3 days' END, p.price
       ${lines('f.is_confirmed AND f.is_detail')}`,
    ],
    [
      'shipments',
      `INSERT INTO shipments (id, order_id, inbound_document_id, payload_id, shipment_id, operation, carrier,
                              tracking_number, shipment_date, delivery_date, created_at)
       SELECT g + 1, ${orderId('g')}, ${documents.ShipNoticeRequest}, 'bench-asn-' || g || '@supplier', 'SHP-' || g, 'new',
              'UPS', '1Z' || lpad(g::text, 12, '0'), o.created_at + interval '1 day', o.created_at + interval '3 days',
              o.created_at + interval '1 day'
       ${series} WHERE f.is_shipped`,
    ],
    [
      'shipment_lines',
      `INSERT INTO shipment_lines (shipment_ref, line_number, quantity, lot, expiry_date)
       SELECT g + 1, k + 1, ${qty}, ${lot}, (o.created_at + interval '2 years')::date
       ${lines(`f.is_shipped AND ${shippedLine}`)}`,
    ],
    [
      'order_receipts',
      `INSERT INTO order_receipts (id, order_id, received_by_label, created_at)
       SELECT g + 1, ${orderId('g')}, 'Ward clerk', o.created_at + interval '4 days'
       ${series} WHERE f.is_received`,
    ],
    [
      'order_receipt_lines',
      `INSERT INTO order_receipt_lines (receipt_id, line_number, quantity, condition, lot, expiry_date)
       SELECT g + 1, k + 1, ${qty}, 'ok', ${lot}, (o.created_at + interval '2 years')::date
       ${lines(`f.is_received AND ${shippedLine}`)}`,
    ],
    [
      'invoices',
      `INSERT INTO invoices (id, order_id, inbound_document_id, payload_id, supplier_identity, invoice_id, invoice_date,
                             currency, subtotal_amount, tax_amount, gross_amount, net_amount, due_amount,
                             price_tolerance_percent, status, decided_at, decided_by_label, received_at)
       SELECT ${invoiceId('g')}, ${orderId('g')}, ${documents.InvoiceDetailRequest}, 'bench-inv-' || g || '@supplier',
              'BENCH-SUPPLIER', 'INV-' || g, o.created_at + interval '6 days', 'USD', t.total, 0, t.total, t.total, t.total,
              2, CASE WHEN g % 100 >= 97 THEN 'accepted' ELSE 'matched' END,
              CASE WHEN g % 100 >= 97 THEN o.created_at + interval '7 days' END,
              CASE WHEN g % 100 >= 97 THEN 'Finance' END,
              o.created_at + interval '6 days'
       ${series}
       CROSS JOIN LATERAL (
         SELECT sum(p.price * ${qty}) AS total
         FROM generate_series(0, ${LINES_PER_ORDER - 1}) AS k
         JOIN bench_products AS p ON p.n = ${productOf('k')}
         WHERE ${shippedLine}
       ) AS t
       WHERE f.is_invoiced`,
    ],
    [
      'invoice_lines',
      `INSERT INTO invoice_lines (invoice_id, invoice_line_number, line_number, quantity, unit_price, order_unit_price,
                                  received_quantity)
       SELECT ${invoiceId('g')}, k + 1, k + 1, ${qty}, p.price, p.price, ${qty}
       ${lines(`f.is_invoiced AND ${shippedLine}`)}`,
    ],
  ];
}

/**
 * Fills the migrated database. `progress` gets a line per step. Returns the step timings (ms) and
 * row counts; `fillMs` is the whole load including indexes, vacuum and the kept totals.
 */
export async function fillDatabase(client, { orders, progress }) {
  const started = performance.now();
  const steps = [];
  const step = async (label, work) => {
    progress(`  ${label}…`);
    const begin = performance.now();
    const rows = await work();
    steps.push({ label, ms: performance.now() - begin, rows });
  };
  await client.query(
    `SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '1GB';
     SET max_parallel_maintenance_workers = 2`,
  );
  await client.query(`UPDATE company_settings SET timezone = 'America/New_York'`);
  // Superuser only: the bench database is created by the postgres user of 127.0.0.1:5432.
  await client.query('SET session_replication_role = replica');
  const now = new Date().toISOString();
  let documents;
  await step('reference data', async () => {
    documents = await fillReferenceData(client);
  });
  const restores = [];
  for (const table of BULK_TABLES) restores.push(await dropIndexes(client, table));
  for (const [table, sql] of bulkStatements(orders, now, documents)) {
    await step(table, async () => (await timed(client, sql)).rows);
  }
  await client.query('SET session_replication_role = origin');
  await step('indexes and keys', async () => {
    for (const restore of restores) await restore();
  });
  await step('sequences', async () => {
    await client.query(`SELECT setval('orders_display_seq_seq', $1::bigint)`, [orders + 1]);
    for (const table of ['supplier_confirmations', 'shipments', 'order_receipts']) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1)`,
      );
    }
  });
  // What the triggers keep, computed set-wise.
  await step('department_committed_hours (budget_committed triggers)', async () => {
    await client.query('DELETE FROM department_committed_hours');
    return (
      await timed(
        client,
        `INSERT INTO department_committed_hours (department_id, hour_start, committed)
         SELECT department_id, date_trunc('hour', created_at, 'UTC'), sum(budget_committed)
         FROM orders WHERE department_id IS NOT NULL AND budget_committed <> 0 GROUP BY 1, 2`,
      )
    ).rows;
  });
  await step('vacuum and analyze', async () => {
    await client.query(`VACUUM (ANALYZE) ${BULK_TABLES.join(', ')}, department_committed_hours`);
  });
  await step('report rollups (report_rollups_rebuild)', async () => {
    const { rows } = await client.query('SELECT order_rows, product_rows FROM report_rollups_rebuild()');
    await client.query('VACUUM (ANALYZE) report_daily_orders, report_daily_products');
    return Number(rows[0].order_rows) + Number(rows[0].product_rows);
  });
  await step('order counts (order_counts_rebuild)', async () => {
    const { rows } = await client.query('SELECT order_counts_rebuild() AS counted');
    return Number(rows[0].counted);
  });
  await step('order fulfilment (order_fulfilment_rebuild)', async () => {
    const { rows } = await client.query('SELECT order_fulfilment_rebuild() AS corrected');
    await client.query('VACUUM (ANALYZE) orders');
    return rows[0].corrected;
  });
  const fillMs = performance.now() - started;
  await client.query('RESET ALL');
  return { steps, fillMs, now };
}

/**
 * The kept totals agree with what the triggers would have written: order_budget_cost() and the kept
 * fulfilment (order_fulfilment_summaries()) on a sample of orders, the committed hours and the order
 * counts against a straight sum. Returns the number of disagreements.
 */
export async function checkKeptTotals(client) {
  const { rows } = await client.query(
    `SELECT
       (SELECT count(*) FROM orders o TABLESAMPLE SYSTEM (1) WHERE o.budget_committed <> order_budget_cost(o))::int AS orders_off,
       (SELECT count(*) FROM (
          SELECT department_id, date_trunc('hour', created_at, 'UTC') AS hour_start, sum(budget_committed) AS committed
          FROM orders WHERE department_id IS NOT NULL AND budget_committed <> 0 GROUP BY 1, 2
        ) s FULL JOIN department_committed_hours h USING (department_id, hour_start)
        WHERE s.committed IS DISTINCT FROM h.committed)::int AS hours_off,
       (SELECT count(*) FROM orders o TABLESAMPLE SYSTEM (1)
          CROSS JOIN LATERAL order_fulfilment_summaries(ARRAY[o.id]) f
         WHERE (o.fulfilment_status, o.expected_delivery_date, o.open_backordered_lines)
               IS DISTINCT FROM (f.fulfilment_status, f.expected_delivery_date, f.open_backordered_lines))::int
         AS fulfilment_off,
       (SELECT count(*) FROM (SELECT status, delivery_location, count(*) AS n FROM orders GROUP BY 1, 2) s
          FULL JOIN (SELECT status, delivery_location, sum(orders) AS n FROM order_counts GROUP BY 1, 2
                      HAVING sum(orders) <> 0) k USING (status, delivery_location)
         WHERE s.n IS DISTINCT FROM k.n)::int AS counts_off`,
  );
  return rows[0];
}
