// The floor of the API benchmark: the least a Node server can do to answer the same three requests
// with the same JSON — node:http and one pg.Pool, no framework, no logging, no validation library.
// It still pays what every real request pays: the signed session cookie is checked and the session
// row read from the sessions table; a submission is one transaction writing the key, the order (with
// its department and per-order limit), its lines, the emptied cart and the audit row (not the
// admins' mails nor the budget check); the orders list derives each sent order's fulfilment in brief
// with the product's own pure rules (handed in), since that derivation is work the answer needs.
// api-floor.test.mjs starts it beside the real app on one database and compares their answers, so a
// field added to a serializer fails a test, not only the benchmark.
//
// Started by api.mjs as a child process (FLOOR_PORT, FLOOR_DATABASE_URL, FLOOR_SESSION_SECRET), with
// the fulfilment rules of the built API; a test calls startApiFloor with the rules of the sources.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import pg from 'pg';

// As the API reads them (database/connection.ts): bigint columns as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const COOKIE = 'supply_hub.sid';
const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 12 * 3_600_000;
const OWN_ORDERS_LIMIT = 200;

const PRODUCT_COLUMNS = `id, asin, sku, title, description, manufacturer, vendor, category, image_url, product_url,
  amazon_url, amazon_price, price, in_stock, specs, active, updated_at`;
const ORDER_COLUMNS = `o.id, o.order_number, o.display_seq, o.user_id, o.user_email, p.first_name, p.last_name,
  p.username, o.status, o.rejection_reason, o.total_amount, o.notes, o.delivery_location, o.priority, o.is_urgent,
  o.urgent_reason, o.delivery_note, o.created_at`;
// The lines ordered and the lines an approver rejected, with a PunchOut line's quote.
const LINES_SQL = `SELECT l.id, l.order_id, l.line_number, l.product_id, l.asin, l.sku, l.title, products.image_url,
    l.quantity, l.unit_price, l.total_price, l.rejection_reason, l.rejected_by_label, l.rejected_at, l.rejected_level,
    pl.unit_of_measure, pl.supplier_part_auxiliary_id, pl.previous_unit_price::text AS previous_unit_price,
    pl.previous_order_number, pl.previous_seen_at
  FROM (
    SELECT id, order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
           NULL::text AS rejection_reason, NULL::text AS rejected_by_label, NULL::timestamptz AS rejected_at,
           NULL::int AS rejected_level
      FROM order_items WHERE order_id = ANY($1)
    UNION ALL
    SELECT id, order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
           reason, rejected_by_label, rejected_at, level
      FROM order_line_rejections WHERE order_id = ANY($1)
  ) AS l LEFT JOIN products ON products.id = l.product_id
    LEFT JOIN order_punchout_lines AS pl ON pl.line_id = l.id
  ORDER BY l.order_id, l.line_number`;
// What the fulfilment of sent orders is derived from (modules/fulfilment/fulfilment.queries.ts).
const FULFILMENT_SQL = {
  confirmations: `SELECT c.order_id, c.id::text AS id, c.payload_id, c.confirm_id, c.confirmation_type, c.comments,
      c.notice_date,
      coalesce(jsonb_agg(jsonb_build_object(
        'line_number', l.line_number, 'status', l.status, 'quantity', l.quantity,
        'delivery_date', l.delivery_date, 'unit_price', l.unit_price::text,
        'supplier_part_id', l.supplier_part_id, 'comments', l.comments) ORDER BY l.id)
        FILTER (WHERE l.id IS NOT NULL), '[]') AS lines
    FROM supplier_confirmations c LEFT JOIN supplier_confirmation_lines l ON l.confirmation_id = c.id
    WHERE c.order_id = ANY($1) AND c.replaced_by_id IS NULL GROUP BY c.id ORDER BY c.id`,
  shipments: `SELECT s.order_id, s.id::text AS id, s.payload_id, s.shipment_id, s.carrier, s.tracking_number,
      s.tracking_url, s.shipment_date, s.delivery_date,
      coalesce(jsonb_agg(jsonb_build_object(
        'line_number', l.line_number, 'quantity', l.quantity, 'lot', l.lot,
        'expiry_date', to_char(l.expiry_date, 'YYYY-MM-DD')) ORDER BY l.id)
        FILTER (WHERE l.id IS NOT NULL), '[]') AS lines
    FROM shipments s LEFT JOIN shipment_lines l ON l.shipment_ref = s.id
    WHERE s.order_id = ANY($1) AND s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL GROUP BY s.id ORDER BY s.id`,
  receipts: `SELECT r.order_id, l.line_number, l.quantity FROM order_receipt_lines l
    JOIN order_receipts r ON r.id = l.receipt_id WHERE r.order_id = ANY($1)`,
};

/** express-session's cookie: "s:" + sid + "." + base64 HMAC-SHA256 of the sid, without padding. */
function sessionId(cookieHeader, secret) {
  const pair = (cookieHeader ?? '').split(/;\s*/).find((part) => part.startsWith(`${COOKIE}=`));
  if (!pair) return undefined;
  const value = decodeURIComponent(pair.slice(COOKIE.length + 1));
  if (!value.startsWith('s:')) return undefined;
  const dot = value.lastIndexOf('.');
  const sid = value.slice(2, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : undefined;
}

function requesterName(row) {
  const full = [row.first_name, row.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return full || row.username?.trim() || row.user_email?.trim() || 'Unknown User';
}

const isoOrNull = (value) => (value ? new Date(value).toISOString() : null);

function lineJson(line) {
  return {
    id: line.id,
    line_number: line.line_number,
    product_id: line.product_id,
    asin: line.asin,
    sku: line.sku,
    title: line.title,
    image_url: line.image_url,
    quantity: line.quantity,
    unit_price: line.unit_price,
    total_price: line.total_price,
    rejection:
      line.rejected_at && line.rejection_reason
        ? {
            reason: line.rejection_reason,
            rejected_by: line.rejected_by_label ?? '',
            rejected_at: isoOrNull(line.rejected_at),
            level: line.rejected_level ?? 1,
          }
        : null,
    supplier_quote: line.unit_of_measure
      ? {
          unit_of_measure: line.unit_of_measure,
          reference: line.supplier_part_auxiliary_id ?? null,
          price_drop:
            line.previous_unit_price && line.previous_seen_at
              ? {
                  previous_unit_price: line.previous_unit_price,
                  previous_order_number: line.previous_order_number ?? null,
                  previous_seen_at: isoOrNull(line.previous_seen_at),
                }
              : null,
        }
      : null,
  };
}

function groupByOrder(rows) {
  const groups = new Map();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return (orderId) => groups.get(orderId) ?? [];
}

/**
 * Serves the floor on `port` (0: any free one) until close(). `fulfilment` is the API's
 * modules/fulfilment/fulfilment.rules (deriveFulfilment, summariseFulfilment).
 */
export async function startApiFloor({ databaseUrl, sessionSecret, fulfilment, port = 0, poolSize = 20 }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle connection the database ends (it stops first at the end of a run) is no crash of the floor.
  pool.on('error', () => {});

  async function signedInUser(req) {
    const sid = sessionId(req.headers.cookie, sessionSecret);
    if (!sid) return undefined;
    const { rows } = await pool.query('SELECT sess FROM sessions WHERE sid = $1 AND expire >= now()', [sid]);
    const session = rows[0]?.sess;
    const now = Date.now();
    if (!session?.userId || now >= session.createdAt + ABSOLUTE_MS || now >= session.lastSeenAt + IDLE_MS)
      return undefined;
    return session.userId;
  }

  async function listProducts(url) {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 48);
    const { rows } = await pool.query(
      `SELECT ${PRODUCT_COLUMNS}, count(*) OVER ()::int AS total FROM products WHERE active
       ORDER BY title ASC, asin ASC LIMIT $1 OFFSET $2`,
      [perPage, (page - 1) * perPage],
    );
    const total = rows[0]?.total ?? 0;
    for (const row of rows) delete row.total;
    return { data: rows, total, page, per_page: perPage };
  }

  /** A user's orders (or one of them) as the API's order serializer writes them, and their line rows. */
  /** `readAlongside(rows)` runs beside the lines' read (the list's fulfilment documents), its result returned too. */
  async function ordersWithLines(client, userId, orderId, readAlongside = async () => undefined) {
    const { rows } = await client.query(
      `SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN profiles p ON p.user_id = o.user_id
       WHERE o.user_id = $1 ${orderId ? 'AND o.id = $2' : ''}
       ORDER BY o.created_at DESC, o.display_seq DESC LIMIT ${orderId ? 1 : OWN_ORDERS_LIMIT}`,
      orderId ? [userId, orderId] : [userId],
    );
    const [lineRows, alongside] = await Promise.all([
      rows.length ? client.query(LINES_SQL, [rows.map((row) => row.id)]).then((result) => result.rows) : [],
      readAlongside(rows),
    ]);
    const linesOf = groupByOrder(lineRows);
    const orders = rows.map((row) => ({
      id: row.id,
      order_number: row.order_number,
      display_seq: row.display_seq,
      user_id: row.user_id,
      user_email: row.user_email,
      requester_name: requesterName(row),
      status: row.status,
      rejection_reason: row.rejection_reason,
      total_amount: row.total_amount,
      notes: row.notes,
      delivery_location: row.delivery_location,
      priority: row.priority,
      is_urgent: row.is_urgent,
      urgent_reason: row.urgent_reason,
      delivery_note: row.delivery_note,
      created_at: row.created_at.toISOString(),
      lines: linesOf(row.id).map(lineJson),
    }));
    return { orders, lineRows, alongside };
  }

  async function ordersOf(client, userId, orderId) {
    return (await ordersWithLines(client, userId, orderId)).orders;
  }

  /** What the fulfilment of the sent orders among order rows is derived from, besides their lines. */
  async function fulfilmentDocuments(rows) {
    const sent = rows.filter((row) => row.status === 'submitted').map((row) => row.id);
    if (sent.length === 0) return { confirmations: [], shipments: [], receipts: [] };
    const [confirmations, shipments, receipts] = await Promise.all(
      [FULFILMENT_SQL.confirmations, FULFILMENT_SQL.shipments, FULFILMENT_SQL.receipts].map(
        async (sql) => (await pool.query(sql, [sent])).rows,
      ),
    );
    return { confirmations, shipments, receipts };
  }

  /** The fulfilment in brief of the sent orders among `orders`, by order id, from rows read already. */
  function fulfilmentSummaries(orders, lineRows, { confirmations, shipments, receipts }) {
    const sent = orders.filter((order) => order.status === 'submitted').map((order) => order.id);
    const summaries = new Map();
    if (sent.length === 0) return summaries;
    // The lines ordered (not those an approver rejected), as the derivation takes them.
    const lines = lineRows
      .filter((line) => line.rejected_at === null)
      .map(({ order_id, line_number, asin, title, quantity, unit_price }) => ({
        order_id,
        line_number,
        asin,
        title,
        quantity,
        unit_price,
      }));
    for (const confirmation of confirmations) {
      for (const line of confirmation.lines)
        line.delivery_date = line.delivery_date ? new Date(line.delivery_date) : null;
    }
    const [linesOf, confirmationsOf, shipmentsOf, receiptsOf] = [lines, confirmations, shipments, receipts].map(
      groupByOrder,
    );
    const now = new Date();
    for (const id of sent) {
      const derived = fulfilment.deriveFulfilment({
        orderStatus: 'submitted',
        lines: linesOf(id),
        confirmations: confirmationsOf(id),
        shipments: shipmentsOf(id),
        receipts: receiptsOf(id),
        now,
      });
      const summary = fulfilment.summariseFulfilment(derived, shipmentsOf(id));
      if (summary) summaries.set(id, summary);
    }
    return summaries;
  }

  async function listOrders(userId) {
    const { orders, lineRows, alongside } = await ordersWithLines(pool, userId, undefined, fulfilmentDocuments);
    const summaries = fulfilmentSummaries(orders, lineRows, alongside);
    return { data: orders.map((order) => ({ ...order, fulfilment_summary: summaries.get(order.id) ?? null })) };
  }

  const cents = (amount) => (amount === null ? 0 : Math.round(Number(amount) * 100));
  const money = (value) => (value / 100).toFixed(2);

  /** The portal's writes of a submission in one transaction; answers the order as stored. */
  async function submitOrder(userId, key, body, requestId) {
    const quantities = new Map();
    for (const line of body.lines) quantities.set(line.asin, (quantities.get(line.asin) ?? 0) + line.quantity);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const profile = (
        await client.query(
          'SELECT onboarding_approved, department, department_id, order_limit FROM profiles WHERE user_id = $1',
          [userId],
        )
      ).rows[0];
      const claimed = await client.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (user_id, key) DO NOTHING`,
        [userId, key, JSON.stringify([...quantities].sort())],
      );
      if (!profile?.onboarding_approved || claimed.rowCount !== 1) throw new Error('refused');
      const products = (
        await client.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE asin = ANY($1) AND active`, [
          [...quantities.keys()],
        ])
      ).rows;
      const byAsin = new Map(products.map((product) => [product.asin, product]));
      const lines = [...quantities].map(([asin, quantity], index) => {
        const product = byAsin.get(asin);
        const unit = cents(product.price ?? product.amazon_price);
        return { product, quantity, unit, number: index + 1 };
      });
      const total = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
      const order = (
        await client.query(
          `INSERT INTO orders (user_id, user_email, status, total_amount, notes, delivery_location, department_id,
                               order_limit, priority, created_at, updated_at)
           SELECT id, email, 'pending', $2, 'Order submitted', $3, $4, $5, 'normal', now(), now() FROM users WHERE id = $1
           RETURNING id`,
          [userId, money(total), profile.department?.trim() || 'Default', profile.department_id, profile.order_limit],
        )
      ).rows[0];
      const values = [];
      const tuples = lines.map((line) => {
        values.push(
          order.id,
          line.number,
          line.product.id,
          line.product.asin,
          line.product.sku,
          line.product.title,
          line.quantity,
          money(line.unit),
          money(line.unit * line.quantity),
        );
        const base = values.length - 9;
        return `(${Array.from({ length: 9 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
      });
      await client.query(
        `INSERT INTO order_items (order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price)
         VALUES ${tuples.join(', ')}`,
        values,
      );
      await client.query('UPDATE idempotency_keys SET order_id = $3 WHERE user_id = $1 AND key = $2', [
        userId,
        key,
        order.id,
      ]);
      await client.query('DELETE FROM cart_items WHERE user_id = $1', [userId]);
      await client.query(
        `INSERT INTO audit_events (actor_user_id, actor_label, action, target_type, target_id, outcome, request_id, details)
         VALUES ($1, 'floor', 'order.create', 'order', $2, 'success', $3, '{}')`,
        [userId, order.id, requestId],
      );
      await client.query('COMMIT');
      return (await ordersOf(client, userId, order.id))[0];
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  function readBody(req) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  let requestCount = 0;

  async function handle(req, res) {
    const url = new URL(req.url, 'http://floor');
    const send = (status, payload) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
      });
      res.end(text);
    };
    const userId = await signedInUser(req);
    if (!userId) return send(401, { code: 'NOT_AUTHENTICATED' });
    if (req.method === 'GET' && url.pathname === '/api/products') return send(200, await listProducts(url));
    if (req.method === 'GET' && url.pathname === '/api/orders') return send(200, await listOrders(userId));
    if (req.method === 'POST' && url.pathname === '/api/orders') {
      const body = JSON.parse(await readBody(req));
      requestCount += 1;
      return send(201, await submitOrder(userId, req.headers['idempotency-key'], body, `floor-${requestCount}`));
    }
    send(404, { code: 'NOT_FOUND' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error.message));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
}

/** The fulfilment rules of the built API (api.mjs checks the build exists). */
async function builtFulfilmentRules() {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const file = path.join(repoRoot, 'api', 'dist', 'api', 'src', 'modules', 'fulfilment', 'fulfilment.rules.js');
  return import(pathToFileURL(file).href);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const floor = await startApiFloor({
    databaseUrl: process.env.FLOOR_DATABASE_URL,
    sessionSecret: process.env.FLOOR_SESSION_SECRET ?? '',
    fulfilment: await builtFulfilmentRules(),
    port: Number(process.env.FLOOR_PORT ?? 0),
  });
  process.stdout.write(`listening ${floor.baseUrl}\n`);
  process.on('SIGTERM', () => {
    void floor.close().then(() => process.exit(0));
  });
}
