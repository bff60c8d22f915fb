// The soak's end-of-run checks, read from the database. Each check is one query returning the rows
// that break it (at most a few, for the message); `runChecks` answers { name, ok, violations }[].
// Orders, receipts and invoices are checked from `since` (the run's first order), so the demo data
// seeded before it does not count; supplier documents and budgets are checked whole.
import pg from 'pg';

const SAMPLE = 5;

/** Per line of an order: ordered, what the confirmation in force says, shipped and received. */
const LINE_QUANTITIES = `
  WITH soak_orders AS (SELECT * FROM orders WHERE display_seq >= $1 AND NOT is_qa),
  line_confirmation AS (
    SELECT i.order_id, i.line_number, i.quantity AS ordered,
           coalesce(c.confirmed, 0) AS confirmed, coalesce(c.backordered, 0) AS backordered,
           coalesce(c.rejected, 0) AS rejected
      FROM order_items i JOIN soak_orders o ON o.id = i.order_id
      LEFT JOIN LATERAL (
        -- The newest confirmation in force that mentions the line, or a whole-order accept/reject.
        SELECT sc.id, sc.confirmation_type,
               (SELECT count(*) FROM supplier_confirmation_lines l WHERE l.confirmation_id = sc.id) AS line_count
          FROM supplier_confirmations sc
         WHERE sc.order_id = i.order_id AND sc.replaced_by_id IS NULL
           AND (EXISTS (SELECT 1 FROM supplier_confirmation_lines l WHERE l.confirmation_id = sc.id AND l.line_number = i.line_number)
                OR (sc.confirmation_type IN ('accept', 'reject')
                    AND NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines l WHERE l.confirmation_id = sc.id)))
         ORDER BY sc.id DESC LIMIT 1
      ) newest ON true
      LEFT JOIN LATERAL (
        SELECT CASE WHEN newest.line_count = 0 AND newest.confirmation_type = 'accept' THEN i.quantity
                    ELSE coalesce(sum(l.quantity) FILTER (WHERE l.status IN ('accept', 'allDetail', 'detail')), 0) END AS confirmed,
               coalesce(sum(l.quantity) FILTER (WHERE l.status = 'backordered'), 0) AS backordered,
               CASE WHEN newest.line_count = 0 AND newest.confirmation_type = 'reject' THEN i.quantity
                    ELSE coalesce(sum(l.quantity) FILTER (WHERE l.status = 'reject'), 0) END AS rejected
          FROM supplier_confirmation_lines l
         WHERE l.confirmation_id = newest.id AND l.line_number = i.line_number
      ) c ON newest.id IS NOT NULL
  )
  SELECT o.order_number, q.line_number, q.ordered, q.confirmed, q.backordered, q.rejected,
         coalesce((SELECT sum(sl.quantity) FROM shipments s JOIN shipment_lines sl ON sl.shipment_ref = s.id
                    WHERE s.order_id = q.order_id AND s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL
                      AND sl.line_number = q.line_number), 0) AS shipped,
         coalesce((SELECT sum(rl.quantity) FROM order_receipts r JOIN order_receipt_lines rl ON rl.receipt_id = r.id
                    WHERE r.order_id = q.order_id AND rl.line_number = q.line_number), 0) AS received
    FROM line_confirmation q JOIN orders o ON o.id = q.order_id`;

const CHECKS = [
  {
    name: 'every approved order sent to the supplier exactly once, or failed with its reason',
    sql: `
      SELECT o.order_number, o.status,
             (SELECT count(*) FROM sandbox_supplier_orders s WHERE s.order_id = o.order_number) AS accepted_by_supplier,
             o.submission_started_at IS NOT NULL AS claimed
        FROM orders o
       WHERE o.display_seq >= $1 AND NOT o.is_qa AND o.approved_at IS NOT NULL
         AND NOT (
           (o.status = 'submitted'
             AND (SELECT count(*) FROM sandbox_supplier_orders s WHERE s.order_id = o.order_number) = 1
             AND EXISTS (SELECT 1 FROM sandbox_supplier_orders s WHERE s.payload_id = o.payload_id))
           OR (o.status = 'failed'
             AND (SELECT count(*) FROM sandbox_supplier_orders s WHERE s.order_id = o.order_number) = 0
             AND EXISTS (SELECT 1 FROM ab_logs l WHERE l.order_id = o.id AND l.error IS NOT NULL AND l.error <> ''))
         )`,
  },
  {
    name: 'every supplier document applied once (one applied inbound_documents row per payloadID)',
    sql: `SELECT payload_id, count(*) AS applied FROM inbound_documents WHERE is_applied GROUP BY payload_id HAVING count(*) > 1`,
    isWhole: true,
  },
  {
    name: 'per line: confirmed + backordered + rejected ≤ ordered',
    sql: `SELECT * FROM (${LINE_QUANTITIES}) q WHERE confirmed + backordered + rejected > ordered`,
  },
  {
    name: 'per line: shipped ≤ ordered − rejected',
    sql: `SELECT * FROM (${LINE_QUANTITIES}) q WHERE shipped > ordered - rejected`,
  },
  {
    name: 'per line: received ≤ ordered − rejected',
    sql: `SELECT * FROM (${LINE_QUANTITIES}) q WHERE received > ordered - rejected`,
  },
  {
    name: 'no supplier invoice number accepted or ready to pay twice',
    sql: `SELECT supplier_identity, invoice_id, count(*) AS in_force FROM invoices
           WHERE purpose = 'standard' AND status IN ('matched', 'accepted')
           GROUP BY supplier_identity, invoice_id HAVING count(*) > 1`,
    isWhole: true,
  },
  {
    name: 'no order line paid beyond what was received',
    sql: `
      SELECT o.order_number, il.line_number, sum(il.quantity) AS ready_to_pay,
             coalesce((SELECT sum(rl.quantity) FROM order_receipts r JOIN order_receipt_lines rl ON rl.receipt_id = r.id
                        WHERE r.order_id = o.id AND rl.line_number = il.line_number), 0) AS received
        FROM invoices i JOIN invoice_lines il ON il.invoice_id = i.id JOIN orders o ON o.id = i.order_id
       WHERE o.display_seq >= $1 AND i.purpose = 'standard' AND i.status IN ('matched', 'accepted')
       GROUP BY o.id, o.order_number, il.line_number
      HAVING sum(il.quantity) > coalesce((SELECT sum(rl.quantity) FROM order_receipts r JOIN order_receipt_lines rl ON rl.receipt_id = r.id
                                          WHERE r.order_id = o.id AND rl.line_number = il.line_number), 0)`,
  },
  {
    name: "each order's budget_committed equals order_budget_cost(order)",
    sql: `SELECT order_number, budget_committed, order_budget_cost(o) AS cost FROM orders o
           WHERE budget_committed IS DISTINCT FROM order_budget_cost(o)`,
    isWhole: true,
  },
];

/**
 * The per-hour committed totals against a rebuild: the kept rows are copied, budget_committed_rebuild()
 * recomputes them, the two are compared, and the transaction is rolled back (docs/adr/0008).
 */
async function rebuildDifference(client) {
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMP TABLE soak_kept_hours ON COMMIT DROP AS
         SELECT department_id, hour_start, committed FROM department_committed_hours WHERE committed <> 0`,
    );
    const { rows: rebuilt } = await client.query('SELECT orders_corrected FROM budget_committed_rebuild()');
    const { rows } = await client.query(
      `SELECT coalesce(k.department_id, r.department_id) AS department_id, coalesce(k.hour_start, r.hour_start) AS hour_start,
              k.committed AS kept, r.committed AS rebuilt
         FROM soak_kept_hours k
         FULL JOIN (SELECT * FROM department_committed_hours WHERE committed <> 0) r
           ON r.department_id = k.department_id AND r.hour_start = k.hour_start
        WHERE k.committed IS DISTINCT FROM r.committed`,
    );
    const corrected = Number(rebuilt[0].orders_corrected);
    return corrected === 0 ? rows : [{ orders_corrected: corrected }, ...rows];
  } finally {
    await client.query('ROLLBACK');
  }
}

export async function runChecks(databaseUrl, { sinceDisplaySeq = 0 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const results = [];
    for (const check of CHECKS) {
      const { rows } = await client.query(check.sql, check.isWhole ? [] : [sinceDisplaySeq]);
      results.push({ name: check.name, ok: rows.length === 0, count: rows.length, violations: rows.slice(0, SAMPLE) });
    }
    const rebuilt = await rebuildDifference(client);
    results.push({
      name: 'department budget hours equal budget_committed_rebuild() (rolled back)',
      ok: rebuilt.length === 0,
      count: rebuilt.length,
      violations: rebuilt,
    });
    return results;
  } finally {
    await client.end();
  }
}
