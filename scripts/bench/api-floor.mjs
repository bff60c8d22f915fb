// The floor of the API benchmark: the least a Node server can do to answer the same three requests
// with the same JSON — node:http and one pg.Pool, no framework, no logging, no validation library.
// It still pays what every real request pays: the signed session cookie is checked and the session
// row read from the sessions table, and a submission is one transaction with the same writes.
// Started by api.mjs as a child process: FLOOR_PORT, FLOOR_DATABASE_URL, FLOOR_SESSION_SECRET.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const COOKIE = 'supply_hub.sid';
const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 12 * 3_600_000;
const secret = process.env.FLOOR_SESSION_SECRET ?? '';
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 20 });

const PRODUCT_COLUMNS = `id, asin, sku, title, description, manufacturer, vendor, category, image_url, product_url,
  amazon_url, amazon_price, price, in_stock, specs, active, updated_at`;
const ORDER_COLUMNS = `o.id, o.order_number, o.display_seq, o.user_id, o.user_email, p.first_name, p.last_name,
  p.username, o.status, o.rejection_reason, o.total_amount, o.notes, o.delivery_location, o.priority, o.created_at`;

/** express-session's cookie: "s:" + sid + "." + base64 HMAC-SHA256 of the sid, without padding. */
function sessionId(cookieHeader) {
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

async function signedInUser(req) {
  const sid = sessionId(req.headers.cookie);
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

function requesterName(row) {
  const full = [row.first_name, row.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return full || row.username?.trim() || row.user_email?.trim() || 'Unknown User';
}

async function ordersOf(client, userId, orderId) {
  const { rows } = await client.query(
    `SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN profiles p ON p.user_id = o.user_id
     WHERE o.user_id = $1 ${orderId ? 'AND o.id = $2' : ''}
     ORDER BY o.created_at DESC, o.display_seq DESC LIMIT ${orderId ? 1 : 200}`,
    orderId ? [userId, orderId] : [userId],
  );
  const lines = rows.length
    ? (
        await client.query(
          `SELECT i.id, i.order_id, i.line_number, i.product_id, i.asin, i.sku, i.title, p.image_url, i.quantity,
                i.unit_price, i.total_price
         FROM order_items i LEFT JOIN products p ON p.id = i.product_id
         WHERE i.order_id = ANY($1) ORDER BY i.order_id, i.line_number`,
          [rows.map((row) => row.id)],
        )
      ).rows
    : [];
  const byOrder = new Map();
  for (const { order_id: orderIdOfLine, ...line } of lines) {
    if (!byOrder.has(orderIdOfLine)) byOrder.set(orderIdOfLine, []);
    byOrder.get(orderIdOfLine).push(line);
  }
  return rows.map((row) => ({
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
    created_at: row.created_at.toISOString(),
    lines: byOrder.get(row.id) ?? [],
  }));
}

const cents = (amount) => (amount === null ? 0 : Math.round(Number(amount) * 100));
const money = (value) => (value / 100).toFixed(2);

/** The same writes as the portal's submission: key, order, lines, cart, audit — one transaction. */
async function submitOrder(userId, key, body, requestId) {
  const quantities = new Map();
  for (const line of body.lines) quantities.set(line.asin, (quantities.get(line.asin) ?? 0) + line.quantity);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const profile = (
      await client.query('SELECT onboarding_approved, department FROM profiles WHERE user_id = $1', [userId])
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
        `INSERT INTO orders (user_id, user_email, status, total_amount, notes, delivery_location, priority, created_at, updated_at)
         SELECT id, email, 'pending', $2, 'Order submitted', $3, 'normal', now(), now() FROM users WHERE id = $1
         RETURNING id`,
        [userId, money(total), profile.department?.trim() || 'Default'],
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
  if (req.method === 'GET' && url.pathname === '/api/orders') return send(200, { data: await ordersOf(pool, userId) });
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
server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
