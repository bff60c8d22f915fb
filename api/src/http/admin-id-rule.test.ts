import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { closeTestApp, createTestPortal, signedInAgent } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';
import { listRoutes, type RouteEntry } from './route-inventory.js';

/**
 * The one `:id` rule of the admin API: a malformed id answers 400 VALIDATION_FAILED
 * naming `id`; a well-formed id of no record answers the resource's 404. Swept over every mounted
 * /api/admin route with an `:id`, so a new route that answers otherwise fails here.
 */
const db = openSharedTestDb();
const portal = createTestPortal(db);
let routes: RouteEntry[] = [];
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

/** A body the route accepts, so only the id decides the answer. */
const VALID_BODIES: Record<string, object> = {
  'PUT /api/admin/products/:id': { title: 'Id rule probe' },
  'PUT /api/admin/users/:id/shipping-address': {
    full_name: 'Id Rule',
    street_line1: '1 Rule Rd',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60611',
  },
  'POST /api/admin/users/:id/roles': { role: 'nurse' },
  'POST /api/admin/users/:id/approve': { approved: true },
  'PUT /api/admin/users/:id': { department_id: '00000000-0000-4000-8000-000000000001' },
  'PUT /api/admin/departments/:id': { code: 'ID-RULE', name: 'Id rule probe', active: true },
  'PUT /api/admin/budgets/:id': { period: 'month', amount: '1.00', policy: 'warn', alert_threshold: 80 },
  'POST /api/admin/invoices/:id/accept': { note: 'Id rule probe' },
  'POST /api/admin/invoices/:id/dispute': { note: 'Id rule probe' },
  'PUT /api/admin/locations/:id': {
    name: 'Id rule probe',
    department_id: '00000000-0000-4000-8000-000000000001',
    active: true,
  },
};
/** Audit events are numbered, not uuids; SAML providers are named by a lower-case slug. */
const MALFORMED: Record<string, string> = {
  '/api/admin/audit-events/:id': 'not-a-number',
  '/api/admin/sso/providers/:id': 'Not A Slug!',
  '/api/admin/sso/providers/:id/disable': 'Not A Slug!',
  '/api/admin/sso/providers/:id/enable': 'Not A Slug!',
  '/api/admin/sso/providers/:id/test-sign-in': 'Not A Slug!',
};
const UNKNOWN: Record<string, string> = { '/api/admin/audit-events/:id': '999999999999' };
const NOT_FOUND_CODES: Record<string, string> = {
  products: 'PRODUCT_NOT_FOUND',
  users: 'USER_NOT_FOUND',
  orders: 'ORDER_NOT_FOUND',
  'audit-events': 'AUDIT_EVENT_NOT_FOUND',
  departments: 'DEPARTMENT_NOT_FOUND',
  budgets: 'BUDGET_NOT_FOUND',
  invoices: 'INVOICE_NOT_FOUND',
  locations: 'LOCATION_NOT_FOUND',
  'standing-orders': 'STANDING_ORDER_NOT_FOUND',
  sso: 'SSO_PROVIDER_NOT_FOUND',
};

beforeAll(async () => {
  routes = listRoutes(portal.apiRouter).filter(
    (route) => route.path.startsWith('/api/admin/') && route.path.includes(':id'),
  );
  agent = (await signedInAgent(portal.app, db, ['super_admin'])).agent;
});
afterAll(async () => {
  await closeTestApp(portal.app);
  await db.destroy();
});

function send(route: RouteEntry, id: string) {
  const url = route.path.replace(':id', encodeURIComponent(id)).replace(':role', 'nurse');
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return agent[method](url).send(VALID_BODIES[`${route.method} ${route.path}`] ?? {});
}

describe('the :id rule over every /api/admin route with an id', () => {
  it('finds the routes of users, products, orders, departments, budgets, invoices, locations, standing orders and audit events', () => {
    const resources = new Set(routes.map((route) => route.path.split('/')[3]));
    expect([...resources].sort()).toEqual([
      'audit-events',
      'budgets',
      'departments',
      'invoices',
      'locations',
      'orders',
      'products',
      'sso',
      'standing-orders',
      'users',
    ]);
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('answers a malformed id with 400 VALIDATION_FAILED naming id, on every route', async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const response = await send(route, MALFORMED[route.path] ?? 'not-a-uuid');
      answers.push(
        `${route.method} ${route.path} → ${response.status} ${response.body.code} ${Object.keys(response.body.errors ?? {})}`,
      );
    }
    expect(answers).toEqual(routes.map((route) => `${route.method} ${route.path} → 400 VALIDATION_FAILED id`));
  });

  it('answers a well-formed unknown id with the resource’s 404, on every route', async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const response = await send(route, UNKNOWN[route.path] ?? '00000000-0000-4000-8000-000000000000');
      answers.push(`${route.method} ${route.path} → ${response.status} ${response.body.code}`);
    }
    expect(answers).toEqual(
      routes.map(
        (route) => `${route.method} ${route.path} → 404 ${NOT_FOUND_CODES[route.path.split('/')[3] ?? ''] ?? '?'}`,
      ),
    );
  });
});
