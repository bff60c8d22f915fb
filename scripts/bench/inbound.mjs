// Inbound cXML benchmark (issue 17): the built server in demo mode on its embedded PostgreSQL, with
// inbound supplier credentials set and N orders already sent to the supplier. Ten concurrent
// senders post ConfirmationRequests (a new payloadID each, a distinct order each) to
// POST /api/cxml/inbound for --duration seconds: documents per second, latency percentiles, and
// the ratio to a floor that inserts the same rows (log, confirmation, lines, timeline event) with
// ten plain pg clients, so the cost of HTTP, parsing, DTD validation, authentication and the rules
// shows against the bare writes. Options: --duration S (default 10), --senders N (default 10), --json.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { formatTable, numberOption, percentile } from './report.mjs';
import { SERVER_ENTRY, embeddedDatabaseUrl, withDemoServer } from './server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(REPO_ROOT, 'api', 'dist', 'api', 'src');
const TARGETS = { documentsPerSecond: 200, p95Ms: 50 };
const SUPPLIER_IDENTITY = 'BENCH-SUPPLIER';
const SUPPLIER_SECRET = `bench-${randomUUID()}`;
const LINES_PER_ORDER = 2;

/** Orders as a supplier knows them: submitted, with the payloadID of their OrderRequest. */
export async function insertSentOrders(db, count) {
  const { rows: users } = await db.query(`SELECT id, email FROM users WHERE email = 'doctor@demo.supplyhub.test'`);
  const { rows: products } = await db.query(
    `SELECT id, asin, title, price FROM products WHERE active LIMIT ${LINES_PER_ORDER}`,
  );
  const user = users[0];
  const orders = [];
  await db.query('BEGIN');
  for (let index = 0; index < count; index += 1) {
    const payloadId = `bench-order-${randomUUID()}@supplyhub`;
    const total = products.reduce((sum, product) => sum + Number(product.price) * 2, 0).toFixed(2);
    const { rows } = await db.query(
      `INSERT INTO orders (user_id, user_email, status, total_amount, payload_id, submitted_at, approved_at, approval_source)
       VALUES ($1, $2, 'submitted', $3, $4, now(), now(), 'system') RETURNING id, order_number`,
      [user.id, user.email, total, payloadId],
    );
    for (const [line, product] of products.entries()) {
      await db.query(
        `INSERT INTO order_items (order_id, line_number, product_id, asin, title, quantity, unit_price, total_price)
         VALUES ($1, $2, $3, $4, $5, 2, $6::numeric, $6::numeric * 2)`,
        [rows[0].id, line + 1, product.id, product.asin, product.title, product.price],
      );
    }
    orders.push({ id: rows[0].id, orderNumber: rows[0].order_number, payloadId });
  }
  await db.query('COMMIT');
  return orders;
}

function confirmationFor(build, order) {
  const now = new Date();
  return build(
    {
      payloadId: `${randomUUID()}@bench-supplier`,
      timestamp: now,
      deploymentMode: 'test',
      fromIdentity: SUPPLIER_IDENTITY,
      toIdentity: 'SUPPLYHUB',
      senderIdentity: SUPPLIER_IDENTITY,
      sharedSecret: SUPPLIER_SECRET,
      userAgent: 'Supply Hub inbound benchmark',
    },
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
  const seconds = numberOption(args, '--duration', 10);
  const senders = numberOption(args, '--senders', 10);
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build --workspace api\` first.\n`);
    return 1;
  }
  const { encryptSecret } = await import(path.join(DIST, 'crypto', 'secret-box.js'));
  const { buildConfirmationRequestXml } = await import(
    path.join(DIST, 'modules', 'supplier', 'cxml', 'cxml-supplier-documents.js')
  );
  return withDemoServer('inbound', async ({ baseUrl, dataDir }) => {
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const { settingsEncryptionKey } = JSON.parse(readFileSync(path.join(dataDir, 'local-secrets.json'), 'utf8'));
      await db.query(
        `UPDATE punchout_settings SET inbound_identity = $1, inbound_shared_secret_encrypted = $2 WHERE id = 1`,
        [SUPPLIER_IDENTITY, encryptSecret(SUPPLIER_SECRET, settingsEncryptionKey)],
      );
      // Enough orders that no sender runs out: a few more than the target rate allows.
      const orders = await insertSentOrders(db, Math.max(3000, Math.ceil(seconds * 600)));
      const warmUp = orders.splice(0, 200);
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
      await drive({ senders, seconds: 3, orders: warmUp, send });
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
          `${formatTable([
            {
              name: 'Documents applied per second',
              value: String(result.documents_per_s),
              target: `≥ ${TARGETS.documentsPerSecond}`,
              pass: result.documents_per_s >= TARGETS.documentsPerSecond,
            },
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
            { name: 'Ratio to the floor', value: String(result.ratio_to_floor) },
          ])}\n`,
        );
      }
      const isPass =
        result.documents_per_s >= TARGETS.documentsPerSecond && result.p95_ms <= TARGETS.p95Ms && result.failures === 0;
      return isPass ? 0 : 1;
    } finally {
      await db.end();
    }
  });
}
