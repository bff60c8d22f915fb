// Inbound cXML benchmark: the built server in demo mode on its embedded PostgreSQL, with
// inbound supplier credentials set and N orders already sent to the supplier. Ten concurrent
// senders post ConfirmationRequests (a new payloadID each, a distinct order each) to
// POST /api/cxml/inbound for --duration seconds: documents per second, latency percentiles, and
// the ratio to a floor that inserts the same rows (log, confirmation, lines, timeline event) with
// ten plain pg clients, so the cost of HTTP, parsing, DTD validation, authentication and the rules
// shows against the bare writes. Options: --duration S (default 10), --senders N (default 10), --smoke
// (3 senders for 2 s: proves the bench runs, judges nothing), --json.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { setInboundCredentials, supplierHeader } from './inbound-supplier.mjs';
import { assertSmokeFigures, formatTable, numberOption, percentile } from './report.mjs';
import { SERVER_ENTRY, embeddedDatabaseUrl, withDemoServer } from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(REPO_ROOT, 'api', 'dist', 'api', 'src');
const TARGETS = ALL_TARGETS.inbound;
const SUPPLIER_IDENTITY = 'BENCH-SUPPLIER';
const SUPPLIER_SECRET = `bench-${randomUUID()}`;
const LINES_PER_ORDER = 2;

/** Orders as a supplier knows them: submitted, with the payloadID of their OrderRequest. One statement for all. */
export async function insertSentOrders(db, count) {
  const { rows } = await db.query(
    `WITH doctor AS (SELECT id, email FROM users WHERE email = 'doctor@demo.supplyhub.test'),
     chosen AS (
       SELECT id, asin, title, price, row_number() OVER () AS line_number
       FROM (SELECT id, asin, title, price FROM products WHERE active AND price IS NOT NULL LIMIT $2) AS picked
     ),
     new_orders AS (
       INSERT INTO orders (user_id, user_email, status, total_amount, payload_id, submitted_at, approved_at, approval_source)
       SELECT doctor.id, doctor.email, 'submitted', (SELECT sum(price * 2) FROM chosen),
              'bench-order-' || gen_random_uuid() || '@supplyhub', now(), now(), 'system'
       FROM doctor CROSS JOIN generate_series(1, $1)
       RETURNING id, order_number, payload_id
     ),
     new_items AS (
       INSERT INTO order_items (order_id, line_number, product_id, asin, title, quantity, unit_price, total_price)
       SELECT new_orders.id, chosen.line_number, chosen.id, chosen.asin, chosen.title, 2, chosen.price, chosen.price * 2
       FROM new_orders CROSS JOIN chosen
     )
     SELECT id, order_number, payload_id FROM new_orders`,
    [count, LINES_PER_ORDER],
  );
  if (rows.length !== count) throw new Error(`inserted ${rows.length} of ${count} sent orders (no demo doctor?)`);
  return rows.map((row) => ({ id: row.id, orderNumber: row.order_number, payloadId: row.payload_id }));
}

function confirmationFor(build, order) {
  const now = new Date();
  return build(
    supplierHeader({
      identity: SUPPLIER_IDENTITY,
      sharedSecret: SUPPLIER_SECRET,
      userAgent: 'Supply Hub inbound benchmark',
      payloadDomain: 'bench-supplier',
      timestamp: now,
    }),
    {
      type: 'detail',
      noticeDate: now,
      order: { orderId: order.orderNumber, payloadId: order.payloadId },
      items: Array.from({ length: LINES_PER_ORDER }, (_unused, index) => ({
        lineNumber: index + 1,
        quantity: 2,
        statuses: [
          { type: 'accept', quantity: 1 },
          { type: 'backordered', quantity: 1, deliveryDate: new Date(now.getTime() + 7 * 86_400_000) },
        ],
      })),
    },
  );
}

/** Runs `senders` loops for `seconds`, each taking the next order (send gets the sender's index); returns latencies. */
async function drive({ senders, seconds, orders, send }) {
  const latencies = [];
  let failures = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async (_unused, sender) => {
      while (performance.now() < until && next < orders.length) {
        const order = orders[next];
        next += 1;
        const begin = performance.now();
        const ok = await send(order, sender);
        latencies.push(performance.now() - begin);
        if (!ok) failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { count: latencies.length, failures, perSecond: latencies.length / elapsed, latencies };
}

/** The floor: the same rows a confirmation writes, inserted by plain pg clients in one transaction each. */
async function floorInsert(client, order, xml) {
  await client.query('BEGIN');
  const { rows } = await client.query(
    `INSERT INTO inbound_documents (payload_id, document_hash, document_type, order_id, status_code, status_text, message, duration_ms, raw_document, source_address, is_applied)
     VALUES ($1, md5($2), 'ConfirmationRequest', $3, 200, 'OK', 'Confirmation applied', 0, $2, '127.0.0.1', true) RETURNING id`,
    [`floor-${randomUUID()}`, xml, order.id],
  );
  const confirmation = await client.query(
    `INSERT INTO supplier_confirmations (order_id, inbound_document_id, payload_id, confirmation_type, operation, notice_date)
     VALUES ($1, $2, $3, 'detail', 'new', now()) RETURNING id`,
    [order.id, rows[0].id, `floor-${randomUUID()}`],
  );
  for (let line = 1; line <= LINES_PER_ORDER; line += 1) {
    await client.query(
      `INSERT INTO supplier_confirmation_lines (confirmation_id, line_number, status, quantity) VALUES ($1, $2, 'accept', 1), ($1, $2, 'backordered', 1)`,
      [confirmation.rows[0].id, line],
    );
  }
  await client.query(
    `INSERT INTO order_events (order_id, event_type, actor_label, details) VALUES ($1, 'confirmed', 'Supplier', '{}'), ($1, 'backordered', 'Supplier', '{}')`,
    [order.id],
  );
  await client.query('COMMIT');
  return true;
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const seconds = numberOption(args, '--duration', isSmoke ? 2 : 10);
  const senders = numberOption(args, '--senders', isSmoke ? 3 : 10);
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build --workspace api\` first.\n`);
    return 1;
  }
  const { buildConfirmationRequestXml } = await import(
    path.join(DIST, 'modules', 'supplier', 'cxml', 'cxml-supplier-documents.js')
  );
  return withDemoServer('inbound', async ({ baseUrl, dataDir }) => {
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      await setInboundCredentials(db, dataDir, { identity: SUPPLIER_IDENTITY, secret: SUPPLIER_SECRET });
      // Enough orders that no sender runs out: a few more than the target rate allows.
      const orders = await insertSentOrders(db, isSmoke ? 400 : Math.max(3000, Math.ceil(seconds * 600)));
      const warmUp = orders.splice(0, isSmoke ? 30 : 200);
      // Documents are built before the clock starts: the senders only send (they share the CPUs with the server).
      for (const order of [...warmUp, ...orders]) order.xml = confirmationFor(buildConfirmationRequestXml, order);
      const send = async (order) => {
        const response = await fetch(`${baseUrl}/api/cxml/inbound`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml; charset=utf-8' },
          body: order.xml,
        });
        await response.text();
        return response.status === 200;
      };
      await drive({ senders, seconds: isSmoke ? 1 : 3, orders: warmUp, send });
      const ours = await drive({ senders, seconds, orders, send });

      const floorOrders = orders.slice(ours.count);
      const sample = confirmationFor(buildConfirmationRequestXml, floorOrders[0]);
      const clients = await Promise.all(
        Array.from({ length: senders }, async () => {
          const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
          await client.connect();
          return client;
        }),
      );
      const floor = await drive({
        senders,
        seconds,
        orders: floorOrders,
        send: (order, sender) => floorInsert(clients[sender], order, sample),
      });
      await Promise.all(clients.map((client) => client.end()));

      const p = (list, q) => percentile(list, q).toFixed(1);
      const result = {
        isSmoke,
        senders,
        documents: ours.count,
        failures: ours.failures,
        documents_per_s: Number(ours.perSecond.toFixed(1)),
        p50_ms: Number(p(ours.latencies, 50)),
        p95_ms: Number(p(ours.latencies, 95)),
        p99_ms: Number(p(ours.latencies, 99)),
        floor_documents_per_s: Number(floor.perSecond.toFixed(1)),
        floor_p95_ms: Number(p(floor.latencies, 95)),
        ratio_to_floor: Number((ours.perSecond / floor.perSecond).toFixed(2)),
        load_average: Number(os.loadavg()[0].toFixed(2)),
      };
      if (asJson) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      } else {
        process.stdout.write(
          `\nSupply Hub inbound cXML benchmark — built server, embedded PostgreSQL, ${senders} concurrent senders × ${seconds} s, ConfirmationRequests of ${LINES_PER_ORDER} lines, load ${result.load_average}\n\n`,
        );
        process.stdout.write(
          `${formatTable(
            [
              { name: 'Documents applied per second', value: String(result.documents_per_s) },
              { name: 'p50', value: `${result.p50_ms} ms` },
              {
                name: 'p95',
                value: `${result.p95_ms} ms`,
                target: `≤ ${TARGETS.p95Ms} ms`,
                pass: result.p95_ms <= TARGETS.p95Ms,
              },
              { name: 'p99', value: `${result.p99_ms} ms` },
              {
                name: 'Refused or failed',
                value: `${result.failures} of ${result.documents}`,
                target: '0',
                pass: result.failures === 0,
              },
              { name: 'Floor: same rows by bare pg inserts, per second', value: String(result.floor_documents_per_s) },
              { name: 'Floor p95', value: `${result.floor_p95_ms} ms` },
              {
                name: 'Ratio to the floor',
                value: String(result.ratio_to_floor),
                target: `≥ ${TARGETS.floorRatio}`,
                pass: result.ratio_to_floor >= TARGETS.floorRatio,
              },
            ],
            { isSmoke },
          )}\n`,
        );
      }
      if (isSmoke) {
        const { senders: _senders, isSmoke: _isSmoke, ...figures } = result;
        assertSmokeFigures('inbound', {
          counts: {
            documents: result.documents,
            'documents/s': result.documents_per_s,
            'floor documents/s': result.floor_documents_per_s,
          },
          figures,
        });
        return result.failures === 0 ? 0 : 1;
      }
      const isPass =
        result.ratio_to_floor >= TARGETS.floorRatio && result.p95_ms <= TARGETS.p95Ms && result.failures === 0;
      return isPass ? 0 : 1;
    } finally {
      await db.end();
    }
  });
}
