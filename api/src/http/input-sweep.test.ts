import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent, closeTestApp, createTestPortal } from '../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';
import { listRoutes, type RouteEntry } from './route-inventory.js';

/**
 * Bad input over the router's whole inventory: every answer keeps the error model and gives away
 * no stack, SQL or file path; bodies past the JSON limit (app.ts: 100kb) answer 413; every admin
 * list refuses sort and filter fields it does not know.
 */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let app: ReturnType<typeof createTestApp>;
let routes: RouteEntry[] = [];
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let doctor: Awaited<ReturnType<typeof signedInAgent>>['agent'];
/**
 * Streams never end by themselves; they are covered by their own tests. The suppliers' cXML
 * endpoint answers every request, bad ones included, with a cXML Status instead of the JSON error
 * model (a cXML client reads nothing else); its hostile input is swept in
 * modules/fulfilment/inbound.routes.test.ts. The
 * PunchOut return is a browser's form post and answers with a page; its hostile input
 * is swept in modules/punchout/punchout.routes.test.ts.
 */
const STREAMING = new Set(['/api/events', '/api/cxml/inbound', '/api/cxml/punchout/return']);
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

beforeAll(async () => {
  database = await createIsolatedDatabase();
  const portal = createTestPortal(database.db);
  app = portal.app;
  routes = listRoutes(portal.apiRouter).filter((route) => !STREAMING.has(route.path));
  admin = (await signedInAgent(app, database.db, ['admin'])).agent;
  doctor = (await signedInAgent(app, database.db, ['doctor'])).agent;
});
afterAll(async () => {
  await closeTestApp(app);
  await database.drop();
});

/** Who sends: nobody for public routes (a sign-out must not end our sessions), else a user the policy admits. */
function clientFor(route: RouteEntry) {
  const policy = route.policy;
  if (!policy || policy.kind === 'public') return request(app);
  if (policy.kind === 'roles' && !policy.roles.includes('admin')) return doctor;
  return admin;
}

function urlFor(route: RouteEntry, param?: string): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (param !== undefined) return encodeURIComponent(param);
    return name === 'role' ? 'admin' : name === 'asin' ? 'B000000000' : '00000000-0000-4000-8000-000000000000';
  });
}

const SQLISH = "' OR 1=1--";
// Long, yet all fields together stay under the JSON limit so the handlers see them.
const LONG = 'x'.repeat(2_500);
const FIELDS = [
  'lines',
  'items',
  'asin',
  'quantity',
  'email',
  'password',
  'first_name',
  'last_name',
  'full_name',
  'street_line1',
  'city',
  'state',
  'postal_code',
  'default_ship_to',
  'role',
  'ids',
  'approved',
  'reason',
  'name',
  'timezone',
  'punchout_url',
  'identity',
  'shared_secret',
  'auto_approve_under_amount',
  'title',
  'price',
  'category',
  'code',
  'userId',
  'status',
  'slice',
  'filters',
  'format',
  'steps',
];
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const WRONG_TYPES = Object.fromEntries(
  FIELDS.map((field, index) => [field, [{ $ne: null }, ['x'], 12.5, true, 'text', -1][index % 6]]),
);

/** Every field with a value of the right type, so a route gets past its schema to the one bad string. */
const VALID_SHAPES = {
  ...allFields('Valid text'),
  items: [{ asin: 'B000000000', quantity: 1 }],
  quantity: 1,
  email: 'sweep@example.org',
  password: 'correct horse battery staple',
  ids: ['00000000-0000-4000-8000-000000000000'],
  approved: true,
  price: 1,
  auto_approve_under_amount: 1,
  category: 'Wound Care',
  timezone: 'UTC',
  punchout_url: 'https://supplier.example/punchout',
};

interface BadRequest {
  label: string;
  param?: string;
  query?: Record<string, string>;
  /** Raw body text, sent as is with this Content-Type (default application/json). */
  json?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Body-level cases only matter where a body is read. */
  skipGet?: boolean;
  /** Control characters: every route answers 400 (one guard before the routes), whatever it reads. */
  refusedEverywhere?: boolean;
}

const BAD_REQUESTS: BadRequest[] = [
  { label: 'malformed JSON', json: '{"lines": [{"asin": "B0", ' },
  { label: 'wrong types', json: JSON.stringify(WRONG_TYPES), skipGet: true },
  {
    label: 'SQL-ish strings',
    param: SQLISH,
    json: JSON.stringify(allFields(SQLISH)),
    query: { q: SQLISH, status: SQLISH, sort: SQLISH, range: SQLISH, filter: SQLISH, department: SQLISH },
  },
  {
    label: 'very long strings',
    param: 'a'.repeat(2_000),
    json: JSON.stringify(allFields(LONG)),
    query: { q: 'q'.repeat(4_000), asins: 'B'.repeat(4_000) },
  },
  {
    label: 'invalid uuids',
    param: '00000000-0000-0000-0000-00000000000g',
    json: JSON.stringify({ ...allFields('not-a-uuid'), ids: ['1', '2'], userId: '123' }),
    query: { filter: JSON.stringify({ id: 'nope', user_id: 'nope' }), range: '[0,"a"]' },
  },
  {
    // PostgreSQL text cannot hold U+0000: a NUL anywhere must be refused, not crash the query.
    label: 'NUL characters',
    param: 'B0\u0000',
    json: JSON.stringify({ ...allFields('a\u0000b'), lines: [{ asin: 'B0\u0000', quantity: 1 }] }),
    query: { q: 'a\u0000b', asins: 'B0\u0000', department: 'a\u0000b', filter: JSON.stringify({ q: 'a\u0000b' }) },
    refusedEverywhere: true,
  },
  {
    // Bodies that are valid but for a NUL in one string, so each reaches past its schema to the database.
    label: 'NUL characters in otherwise valid input',
    param: '00000000-0000-4000-8000-000000000000\u0000',
    json: JSON.stringify({ ...VALID_SHAPES, asin: 'B0\u0000', lines: [{ asin: 'B0\u0000', quantity: 1 }] }),
    query: {
      q: 'gauze\u0000',
      status: 'pending\u0000',
      department: 'ICU\u0000',
      filter: JSON.stringify({ q: 'gauze\u0000', action: 'order.\u0000', target_id: 'x\u0000' }),
    },
    refusedEverywhere: true,
  },
  {
    label: 'other control characters',
    param: 'B0\u001b[31m',
    json: JSON.stringify({ ...VALID_SHAPES, title: 'Gauze\u0007', name: 'Lakeside\u001b[2J', reason: 'x\u0008' }),
    query: { q: 'gauze\u0001', filter: JSON.stringify({ q: 'gauze\u007f' }) },
    refusedEverywhere: true,
  },
  { label: 'a JSON array', json: '[1,"two",{"lines":3}]', skipGet: true },
  { label: 'no JSON at all', json: 'plain words', contentType: 'text/plain', skipGet: true },
  { label: 'an unsupported charset', json: '{}', contentType: 'application/json; charset=latin1', skipGet: true },
  {
    label: 'a body that is not the gzip it claims',
    json: '{}',
    headers: { 'Content-Encoding': 'gzip' },
    skipGet: true,
  },
];

/** Slow commands that read neither body nor query (a new TOTP secret, the catalogue bootstrap): one pass is enough. */
const READS_NO_INPUT = new Set(['/api/auth/mfa/enroll', '/api/admin/catalog/bootstrap']);

const STACK_TRACE = /\bat [\w.<>$[\] ]+ \(|\bat (?:file|node):|\n\s+at /;
const SQL_TEXT =
  /\bselect\s+[\w*", .()]+\s+from\s|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\s|\bdelete\s+from\b|\brelation\s+"|syntax error|violates .* constraint|column "\w+"/i;
const FILE_PATH = /\/work\/|node_modules|\.ts:\d|\.js:\d|\/src\/|\/home\/|\/tmp\//;

/** What an answer reveals beyond what the request itself carried (a route-not-found echoes the path). */
function revealedBy(response: request.Response, echoes: string[]): string {
  let text = `${response.text ?? ''} ${String(response.headers.location ?? '')}`;
  for (const echo of echoes.filter((value) => value.length > 2)) {
    for (const form of [echo, encodeURIComponent(echo), JSON.stringify(echo).slice(1, -1)]) {
      text = text.split(form).join('');
    }
  }
  return text;
}

function problemsOf(response: request.Response, echoes: string[]): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`status ${response.status}`);
  const text = revealedBy(response, echoes);
  if (STACK_TRACE.test(text)) problems.push('stack trace');
  if (FILE_PATH.test(text)) problems.push('file path');
  if (response.status >= 400) {
    if (SQL_TEXT.test(text)) problems.push('SQL text');
    const body = response.body as { code?: unknown; message?: unknown; requestId?: unknown } | undefined;
    if (typeof body?.code !== 'string' || typeof body.message !== 'string' || typeof body.requestId !== 'string') {
      problems.push(`not the error model: ${String(response.text).slice(0, 80)}`);
    } else if (body.requestId !== response.headers['x-request-id']) {
      problems.push('requestId differs from X-Request-Id');
    }
  }
  return problems;
}

function send(route: RouteEntry, bad: BadRequest) {
  const method = route.method.toLowerCase() as Method;
  let pending = clientFor(route)[method](urlFor(route, bad.param));
  if (bad.query) pending = pending.query(bad.query);
  if (bad.headers) pending = pending.set(bad.headers);
  if (bad.json !== undefined)
    pending = pending.set('Content-Type', bad.contentType ?? 'application/json').send(bad.json);
  return pending;
}

/** Runs a few requests at a time: the sweep is long, and each request waits mostly on the database. */
async function inBatches<T>(items: T[], run: (item: T) => Promise<void>, size = 6): Promise<void> {
  for (let index = 0; index < items.length; index += size) await Promise.all(items.slice(index, index + size).map(run));
}

/** Several hundred requests: generous on a loaded machine, a few seconds on a quiet one. */
const SWEEP_TIMEOUT_MS = 120_000;

describe('bad input over every API route', () => {
  it(
    'never answers with a stack trace, SQL or a file path, and always with {code, message, requestId}',
    async () => {
      expect(routes.length).toBeGreaterThan(60);
      const failures: string[] = [];
      for (const bad of BAD_REQUESTS) {
        const targets = routes.filter(
          (entry) =>
            (!bad.skipGet || entry.method !== 'GET') &&
            (bad.label === 'malformed JSON' || !READS_NO_INPUT.has(entry.path)),
        );
        await inBatches(targets, async (route) => {
          const response = await send(route, bad);
          const echoes = [bad.param ?? '', ...Object.values(bad.query ?? {}), SQLISH];
          for (const problem of problemsOf(response, echoes)) {
            failures.push(`${bad.label}: ${route.method} ${route.path} → ${response.status} ${problem}`);
          }
          if (bad.refusedEverywhere && (response.status !== 400 || response.body?.code !== 'CONTROL_CHARACTERS')) {
            failures.push(`${bad.label}: ${route.method} ${route.path} → ${response.status} ${response.body?.code}`);
          }
          if (bad.label === 'malformed JSON' && route.method !== 'GET' && response.status !== 400) {
            failures.push(`${bad.label}: ${route.method} ${route.path} → ${response.status}, not 400`);
          }
        });
      }
      expect(failures.sort()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('answers 413 PAYLOAD_TOO_LARGE, in the error model, to a JSON body over the limit on every route', async () => {
    const oversized = JSON.stringify({ padding: 'p'.repeat(110 * 1024) });
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.method !== 'GET')) {
      const response = await send(route, { label: 'oversized', json: oversized });
      if (response.status !== 413 || response.body.code !== 'PAYLOAD_TOO_LARGE' || !response.body.requestId) {
        failures.push(`${route.method} ${route.path} → ${response.status} ${response.body?.code}`);
      }
    }
    // Also just past the limit, and with nobody signed in (the body is refused before the session is read).
    const justOver = JSON.stringify({ padding: 'p'.repeat(100 * 1024) });
    const anonymous = await request(app).post('/api/orders').set('Content-Type', 'application/json').send(justOver);
    expect(anonymous.status).toBe(413);
    expect(anonymous.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    expect(failures).toEqual([]);
  });
});

describe('values past what the database holds', () => {
  it('refuses an order whose total exceeds the money columns, storing nothing', async () => {
    // Each line fits (9999 × $1,000,000), their sum does not: numeric(12,2) ends at 9,999,999,999.99.
    // The order ceiling, even at its highest setting ($1,000,000,000), refuses it before the database.
    await database.db('automation_settings').where({ id: 1 }).update({ max_order_total: '1000000000.00' });
    const products = await insertProducts(database.db, [
      { title: 'Overflow scanner', price: '1000000.00' },
      { title: 'Overflow scanner 2', price: '1000000.00' },
    ]);
    const { agent, user } = await signedInAgent(app, database.db, ['doctor']);
    const response = await agent
      .post('/api/orders')
      .set('Idempotency-Key', 'overflow-order-0001')
      .send({ lines: products.map((product) => ({ asin: product.asin, quantity: 9999 })) });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'ORDER_TOTAL_TOO_HIGH', requestId: expect.any(String) });
    expect(await database.db('orders').where({ user_id: user.id })).toEqual([]);
    expect(await database.db('idempotency_keys').where({ user_id: user.id })).toEqual([]);
  });
});

/** Admin GET routes without parameters that are not ra-data-simple-rest lists, and why. */
const NOT_LISTS: Record<string, string> = {
  '/api/admin/order-counts': 'tab counts, one object',
  '/api/admin/catalog/audit': 'one report object',
  '/api/admin/catalog/export': 'the whole active catalogue as CSV',
  '/api/admin/settings/company': 'one settings object',
  '/api/admin/settings/automation': 'one settings object',
  '/api/admin/settings/punchout': 'one settings object',
  '/api/admin/settings/supplier-text': 'one settings object',
  '/api/admin/integrations/status': 'one status object',
  '/api/admin/qa-runner/result': 'the last result',
  '/api/admin/ab-logs': 'the newest 25 log entries, no paging or sorting (admin-portal §9)',
  '/api/ab/products': 'integration passthrough',
  '/api/reports/dashboard': 'one report object',
  '/api/reports/stat-orders':
    'one report object: STAT orders by department and reason in a period (CSV with format=csv)',
  '/api/reports/suppliers': 'one report object per supplier and month sent, from and to required',
  '/api/admin/fulfilment-counts': 'the dashboard fulfilment counts, one object',
  '/api/admin/settings/approval-levels': 'one settings object',
  '/api/admin/invoice-settings': 'one settings object',
  '/api/admin/invoice-exports/ready-to-pay': 'every ready-to-pay invoice as CSV, no paging or filter',
  '/api/admin/recalls/receipts': 'the receipts of one lot, looked up by code and lot (unknown parameters refused)',
  '/api/admin/recalls/receipts/export': 'the receipts of one lot as CSV',
  '/api/admin/expiring':
    'the soonest 200 received lots expiring within a window of days and their total (within_days; unknown parameters refused), not paged',
  '/api/admin/expiring/export': 'the expiring lots as CSV',
  '/api/admin/reports/budget-vs-actual': 'one report object: every department for a period',
  '/api/admin/report-exports/budget-vs-actual': 'the Budget vs actual report as CSV, no paging',
  '/api/orders': "the storefront's own orders of the signed-in user (a status filter), not a react-admin list",
  '/api/admin/mail/outbox': 'how many mails wait undelivered, one object',
  '/api/standing-orders': "the storefront's standing orders of the signed-in user, not a react-admin list",
  '/api/receiving/orders':
    "the storefront's page of deliveries (page and per_page, any other parameter refused), not a react-admin list",
};
/** Downloads that take the list's sort and filter: they refuse unknown fields like the list does. */
const LIST_EXPORTS = new Set(['/api/admin/audit-events/export']);

describe('admin lists', () => {
  it('refuse unknown sort and filter fields, and pages past 200 rows, with 400 on every list route of the inventory', async () => {
    const candidates = routes.filter(
      (route) => route.method === 'GET' && route.policy?.kind === 'roles' && !route.path.includes(':'),
    );
    const failures: string[] = [];
    const lists: string[] = [];
    for (const route of candidates) {
      const plain = await admin.get(route.path);
      const body = plain.body as unknown;
      const isList =
        LIST_EXPORTS.has(route.path) ||
        plain.headers['content-range'] !== undefined ||
        Array.isArray(body) ||
        Array.isArray((body as { data?: unknown } | undefined)?.data);
      if (NOT_LISTS[route.path] !== undefined) {
        if (plain.headers['content-range'] !== undefined) failures.push(`${route.path} pages like a list`);
        continue;
      }
      if (!isList) {
        failures.push(`${route.path} is neither a list nor in NOT_LISTS (status ${plain.status})`);
        continue;
      }
      lists.push(route.path);
      const checks: [Record<string, string>, string][] = [
        [{ sort: JSON.stringify(['password_hash', 'ASC']) }, 'UNKNOWN_SORT_FIELD'],
        [{ sort: JSON.stringify(['id; DROP TABLE users--', 'ASC']) }, 'UNKNOWN_SORT_FIELD'],
        [{ filter: JSON.stringify({ password_hash: 'x' }) }, 'UNKNOWN_FILTER_FIELD'],
        [{ filter: JSON.stringify({ "status' OR '1'='1": 'x' }) }, 'UNKNOWN_FILTER_FIELD'],
        [{ range: '[10,1]' }, 'INVALID_LIST_QUERY'],
        // A page holds at most 200 rows (list-query.ts): more is refused, never silently cut.
        [{ range: '[0,1000]' }, 'RANGE_TOO_LARGE'],
        [{ filter: 'not json' }, 'INVALID_LIST_QUERY'],
      ];
      // A known field in the wrong order: the allowed fields are named in the refusal.
      const refusal = await admin.get(route.path).query({ sort: JSON.stringify(['nope', 'ASC']) });
      const allowed = /allowed: ([\w, ]+)/.exec(String(refusal.body?.message))?.[1]?.split(', ')[0] ?? 'missing';
      checks.push([{ sort: JSON.stringify([allowed, 'SIDEWAYS']) }, 'INVALID_LIST_QUERY']);
      for (const [query, code] of checks) {
        const response = await admin.get(route.path).query(query);
        if (response.status !== 400 || response.body.code !== code) {
          failures.push(`${route.path} ${JSON.stringify(query)} → ${response.status} ${response.body?.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(lists).toEqual(
      expect.arrayContaining([
        '/api/admin/orders',
        '/api/admin/users',
        '/api/admin/products',
        '/api/admin/audit-events',
      ]),
    );
  });
});
