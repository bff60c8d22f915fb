import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';

import type { Endpoint } from '../contracts/endpoints/endpoint.js';
import { allEndpoints } from '../contracts/endpoints/index.js';
import type { Db } from '../database/connection.js';
import { sandboxSupplierRoutes } from '../modules/sandbox-supplier/sandbox-supplier.routes.js';
import { metricsRoutes } from '../metrics/metrics.routes.js';
import { closeTestApp, createTestPortal, signedInAgent } from '../test-support/http-test-app.js';
import { createIsolatedDatabase, openSharedTestDb, testConfig } from '../test-support/test-context.js';
import { buildOpenApiDocument, declaredStatusesOf, openApiPath } from './openapi-document.js';
import { allow } from './policy.js';
import type { RouteDependencies } from './route-dependencies.js';
import { listRoutes, type RouteEntry } from './route-inventory.js';

const keyOf = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

/** What differs between the mounted routes and the declarations, as `METHOD /path` lines. */
function compareWithDeclarations(mounted: readonly RouteEntry[], declared: readonly Endpoint[]) {
  const mountedKeys = new Set(mounted.map(keyOf));
  const declaredKeys = new Set(declared.map(keyOf));
  return {
    undeclared: [...mountedKeys].filter((key) => !declaredKeys.has(key)).sort(),
    unmounted: [...declaredKeys].filter((key) => !mountedKeys.has(key)).sort(),
  };
}

/** Object schemas inside a zod schema that let unknown keys through, by their path. */
function looseObjectsIn(schema: z.ZodType, where: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const children: [string, unknown][] = [];
  const found: string[] = [];
  if (def.type === 'object') {
    const { shape, catchall } = def as unknown as { shape: Record<string, z.ZodType>; catchall?: z.ZodType };
    if (catchall?._zod.def.type !== 'never') found.push(where);
    children.push(...Object.entries(shape).map(([key, value]): [string, unknown] => [`${where}.${key}`, value]));
  }
  for (const key of ['innerType', 'element', 'in', 'out', 'valueType']) children.push([where, def[key]]);
  for (const option of (def.options as unknown[] | undefined) ?? []) children.push([where, option]);
  for (const [path, child] of children) {
    if (child instanceof z.ZodType) found.push(...looseObjectsIn(child, path, seen));
  }
  return found;
}

let db: Db;
let portal: ReturnType<typeof createTestPortal>;
let mounted: RouteEntry[];

beforeAll(() => {
  db = openSharedTestDb();
  portal = createTestPortal(db);
  const dependencies = { contextFor: () => ({}) } as unknown as RouteDependencies;
  mounted = [
    ...listRoutes(portal.apiRouter),
    // Mounted at the app root (outside /api) in demo mode and tests only.
    ...listRoutes(sandboxSupplierRoutes(dependencies), ''),
    // Prometheus's scrape target, at the app root too.
    ...listRoutes(metricsRoutes({ db, config: testConfig() }), ''),
  ];
});
afterAll(async () => {
  await closeTestApp(portal.app);
  await db.destroy();
});

describe('the OpenAPI document and the mounted routes', () => {
  it('every mounted route is declared, and every declaration is mounted', () => {
    expect(mounted.length).toBeGreaterThan(80);
    expect(compareWithDeclarations(mounted, allEndpoints)).toEqual({ undeclared: [], unmounted: [] });
  });

  it('a route mounted without a declaration fails the check', () => {
    const router = Router();
    router.get('/orders/:id/label', allow.signedIn(), (_req, res) => res.end());
    const extra = listRoutes(router);
    expect(compareWithDeclarations([...mounted, ...extra], allEndpoints)).toEqual({
      undeclared: ['GET /api/orders/:id/label'],
      unmounted: [],
    });
  });

  it('a declaration without its route fails the check', () => {
    const withoutCart = mounted.filter((route) => route.path !== '/api/cart/items');
    expect(compareWithDeclarations(withoutCart, allEndpoints).unmounted).toEqual(['POST /api/cart/items']);
  });

  it('each declaration keeps its route’s access rule', () => {
    const policyByKey = new Map(mounted.map((route) => [keyOf(route), route.policy]));
    const mismatches = allEndpoints.flatMap((operation) => {
      const policy = policyByKey.get(keyOf(operation));
      if (!policy) return [];
      const expected =
        policy.kind === 'public'
          ? ['public', 'demo-only', 'supplier-credentials']
          : policy.kind === 'roles'
            ? [`roles:${[...policy.roles].sort().join(',')}`]
            : ['signed-in', 'approved'];
      const access =
        typeof operation.access === 'object'
          ? `roles:${[...operation.access.roles].sort().join(',')}`
          : operation.access;
      return expected.includes(access) ? [] : [`${keyOf(operation)}: declared ${access}, mounted ${policy.kind}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('every JSON answer is a strict object: an undeclared field fails the response check', () => {
    const loose = allEndpoints.flatMap((operation) =>
      Object.entries(operation.responses).flatMap(([status, response]) =>
        response instanceof z.ZodType ? looseObjectsIn(response, `${keyOf(operation)} ${status}`) : [],
      ),
    );
    // The document itself is open by nature (OpenAPI allows extensions).
    expect(loose.filter((path) => !path.startsWith('GET /api/openapi.json'))).toEqual([]);
    expect(looseObjectsIn(z.object({ a: z.strictObject({ b: z.object({}) }) }), 'x')).toEqual(['x', 'x.a.b']);
  });

  it('GET /api/openapi.json answers an OpenAPI 3.1 document with every declared operation', async () => {
    const response = await request(portal.app).get('/api/openapi.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.body as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { in: string; name: string }> };
    };
    expect(document.openapi).toBe('3.1.0');
    for (const operation of allEndpoints) {
      expect(document.paths[openApiPath(operation.path)]?.[operation.method]).toBeDefined();
    }
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ in: 'cookie', name: 'supply_hub.sid' });
    // A guarded operation names the cookie and documents 401 with the one error body.
    const session = document.paths['/api/auth/session']?.get;
    expect(session?.security).toEqual([{ sessionCookie: [] }]);
    expect(session?.responses['401']).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    // Nothing secret travels in it.
    expect(JSON.stringify(document)).not.toContain(testConfig().sessionSecret);
  });

  it('documents each declared error status with the one error body', () => {
    const document = buildOpenApiDocument(allEndpoints, { version: 'test' });
    const orderById = document.paths?.['/api/orders/{id}']?.get;
    expect(Object.keys(orderById?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(orderById?.parameters).toEqual([
      expect.objectContaining({
        in: 'path',
        name: 'id',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
  });

  it('GET /api/docs serves the interactive documentation from our own origin under the CSP', async () => {
    const page = await request(portal.app).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts).toEqual(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/docs-init.js']);
    expect(page.text).not.toMatch(/<script>|https?:\/\//);
    for (const asset of [...scripts, '/api/docs/assets/swagger-ui.css']) {
      const answer = await request(portal.app).get(asset).expect(200);
      expect(answer.headers['content-type']).toMatch(/javascript|css/);
    }
    const init = await request(portal.app).get('/api/docs/assets/docs-init.js');
    expect(init.text).toContain("url: '/api/openapi.json'");
    await request(portal.app).get('/api/docs/assets/package.json').expect(404);
  });
});

/**
 * Junk input to every declared operation: each answers a status its declaration lists, so a client
 * generated from the document knows every answer. Streams and the cXML endpoints answer in their own
 * formats and are swept in their modules' tests.
 */
describe('the statuses each operation answers to junk input', () => {
  const NOT_JSON = new Set(['/api/events', '/api/cxml/inbound', '/api/cxml/punchout/return']);
  const JUNK_BODIES = ['{"lines": [{"asin": ', '[1,"two",{"lines":3}]', '{"quantity":"many","email":["x"],"id":{}}'];
  let junkDatabase: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let junkPortal: ReturnType<typeof createTestPortal>;

  beforeAll(async () => {
    junkDatabase = await createIsolatedDatabase();
    junkPortal = createTestPortal(junkDatabase.db);
  });
  afterAll(async () => {
    await closeTestApp(junkPortal.app);
    await junkDatabase.drop();
  });

  /** The statuses answered that the declaration does not list, as `METHOD /path (junk) → status` lines. */
  async function undeclaredAnswers(operations: readonly Endpoint[]): Promise<string[]> {
    const agents = {
      admin: (await signedInAgent(junkPortal.app, junkDatabase.db, ['admin'])).agent,
      doctor: (await signedInAgent(junkPortal.app, junkDatabase.db, ['doctor'])).agent,
    };
    const clientFor = (operation: Endpoint) => {
      if (operation.access === 'public' || operation.access === 'demo-only') return request(junkPortal.app);
      const roles = typeof operation.access === 'object' ? operation.access.roles : ['admin'];
      return roles.includes('admin') ? agents.admin : agents.doctor;
    };
    const urlFor = (operation: Endpoint, param: string) =>
      operation.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(param));
    const found: string[] = [];
    for (const operation of operations) {
      const declared = declaredStatusesOf(operation);
      const tries: { label: string; param: string; body?: string }[] = [];
      if (operation.path.includes(':')) tries.push({ label: 'junk params', param: 'junk param' });
      if (operation.method !== 'get') {
        for (const body of JUNK_BODIES) {
          tries.push({ label: `junk body ${body}`, param: '00000000-0000-4000-8000-000000000000', body });
        }
      }
      for (const junk of tries) {
        let pending = clientFor(operation)[operation.method](urlFor(operation, junk.param));
        if (junk.body !== undefined) pending = pending.set('Content-Type', 'application/json').send(junk.body);
        const { status } = await pending;
        if (!declared.includes(status)) {
          found.push(`${operation.method.toUpperCase()} ${operation.path} (${junk.label}) → ${status}`);
        }
      }
    }
    return found;
  }

  it('answers only declared statuses, for every operation', async () => {
    const operations = allEndpoints.filter(
      (operation) => operation.path.startsWith('/api/') && !NOT_JSON.has(operation.path),
    );
    expect(operations.length).toBeGreaterThan(80);
    expect(await undeclaredAnswers(operations)).toEqual([]);
  }, 180_000);

  it('an operation that answers a status it does not declare fails the check', async () => {
    const refresh = allEndpoints.find((operation) => operation.path === '/api/auth/refresh');
    if (!refresh) throw new Error('POST /api/auth/refresh is not declared');
    // Declared without its 200: the refresh that ignores a well-formed junk body answers an undeclared 200.
    const undeclared = await undeclaredAnswers([{ ...refresh, responses: {} }]);
    expect(undeclared).toContain('POST /api/auth/refresh (junk body [1,"two",{"lines":3}]) → 200');
    expect(undeclared.some((line) => line.includes('→ 400'))).toBe(false);
  });
});
