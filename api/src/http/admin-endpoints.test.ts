import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';

import { listRoutes } from './route-inventory.js';
import { insertProducts } from '../test-support/catalog-fixtures.js';
import { closeTestApp, createTestPortal, createTestUser, signedInAgent } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';
import { adminCatalogEndpoints } from '../contracts/endpoints/admin-catalog.endpoints.js';
import { integrationsEndpoints } from '../contracts/endpoints/admin-integrations.endpoints.js';
import { adminOrdersEndpoints } from '../contracts/endpoints/admin-orders.endpoints.js';
import { adminProductsEndpoints } from '../contracts/endpoints/admin-products.endpoints.js';
import { reportsEndpoints } from '../contracts/endpoints/admin-reports.endpoints.js';
import { settingsEndpoints } from '../contracts/endpoints/admin-settings.endpoints.js';
import { adminUsersEndpoints } from '../contracts/endpoints/admin-users.endpoints.js';
import type { Endpoint } from '../contracts/endpoints/endpoint.js';

/**
 * The admin modules' declarations match what is mounted (both ways, for the paths these modules
 * serve), and what the GET endpoints answer parses with the declared schema. The whole-API check
 * (every module, every status) is the OpenAPI completeness test and the test-time response check.
 */
const declared: Endpoint[] = [
  adminUsersEndpoints,
  adminProductsEndpoints,
  adminOrdersEndpoints,
  integrationsEndpoints,
  adminCatalogEndpoints,
  settingsEndpoints,
  reportsEndpoints,
].flatMap((endpoints) => Object.values(endpoints));

/** The paths the admin modules serve (the rest of /api/admin belongs to audit, qa-runner and supplier). */
const OWNED =
  /^\/api\/(admin\/(users|products|orders|order-counts|fulfilment-counts|integrations|catalog|settings|delete-user)|ab\/|amazon\/|reports\/|approval-policy)/;
// Served under /api/admin/orders by other modules: the supplier submission and the fulfilment.
const NOT_OURS = new Set([
  'POST /api/admin/orders/:id/approve',
  'POST /api/admin/orders/:id/retry',
  'GET /api/admin/orders/:id/fulfilment',
  // The approvals module's levels.
  'GET /api/admin/settings/approval-levels',
  'PUT /api/admin/settings/approval-levels',
  // The CSV imports module's users import.
  'POST /api/admin/users/import',
]);

const db = openSharedTestDb();
const portal = createTestPortal(db);
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];
beforeAll(async () => {
  agent = (await signedInAgent(portal.app, db, ['super_admin'])).agent;
});
afterAll(async () => {
  await closeTestApp(portal.app);
  await db.destroy();
});

describe('the admin endpoint declarations', () => {
  it('declare every mounted route of the admin modules, and nothing that is not mounted', () => {
    const mounted = listRoutes(portal.apiRouter)
      .filter((route) => OWNED.test(route.path))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !NOT_OURS.has(route));
    const described = declared.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`);
    expect(described.sort()).toEqual(mounted.sort());
  });

  it('describe what the GET endpoints answer, record by record', async () => {
    const [product] = await insertProducts(db, [{ title: 'Contract probe', price: '24.95' }]);
    const user = await createTestUser(db, ['nurse']);
    const [order] = await db('orders')
      .insert({ user_id: user.id, user_email: user.email })
      .returning<{ id: string }[]>('id');
    const ids: Record<string, string> = {
      '/api/admin/users/:id': user.id,
      '/api/admin/products/:id': product!.id,
      '/api/admin/orders/:id': order!.id,
    };
    // Reports that need a period are asked for one.
    const queries: Record<string, Record<string, string>> = {
      '/api/reports/suppliers': { from: '2026-01-01', to: '2026-12-31' },
    };
    // A PA-API test first, so the status answer carries its last result.
    await agent.post('/api/admin/integrations/paapi/test').expect(200);
    const failures: string[] = [];
    for (const endpoint of declared.filter((candidate) => candidate.method === 'get')) {
      const schema = endpoint.responses[200];
      if (!(schema instanceof z.ZodType)) continue;
      const response = await agent
        .get(endpoint.path.replace(':id', ids[endpoint.path] ?? ''))
        .query(queries[endpoint.path] ?? {});
      const parsed = schema.safeParse(response.body);
      if (response.status !== 200 || !parsed.success)
        failures.push(`${endpoint.path} → ${response.status} ${parsed.error?.message ?? ''}`);
    }
    expect(failures).toEqual([]);
  });

  it('would catch an answer that drifts from its schema (money as a number)', () => {
    const drifted = { ...adminProductsEndpoints.get.responses[200].parse(productProbe()), price: 24.95 };
    expect(adminProductsEndpoints.get.responses[200].safeParse(drifted).success).toBe(false);
  });
});

function productProbe() {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    asin: 'B000000000',
    sku: null,
    title: 'Probe',
    description: null,
    manufacturer: null,
    vendor: null,
    category: null,
    image_url: null,
    product_url: null,
    amazon_url: null,
    amazon_price: null,
    price: '24.95',
    in_stock: false,
    specs: {},
    active: true,
    updated_at: new Date(0).toISOString(),
    gtins: [{ gtin: '09506000134352', units: 1 }],
    min_shelf_life_days: 90,
  };
}
