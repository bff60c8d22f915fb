import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { ROLES, type Role } from '../contracts/roles.js';
import { createTestApp, signedInAgent, closeTestApp, createTestPortal } from '../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';
import { hasAnyRole } from './policy.js';
import { listRoutes, type RouteEntry } from './route-inventory.js';

// A database of its own: the admin pass calls every command (bootstrap included) with dummy ids.
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let app: ReturnType<typeof createTestApp>;
let routes: RouteEntry[] = [];
const agents = new Map<Role, Awaited<ReturnType<typeof signedInAgent>>['agent']>();
/** Streams never end by themselves; they are covered by their own tests. */
const STREAMING = new Set(['/api/events']);

beforeAll(async () => {
  database = await createIsolatedDatabase();
  const portal = createTestPortal(database.db);
  app = portal.app;
  routes = listRoutes(portal.apiRouter).filter((route) => !STREAMING.has(route.path));
  for (const role of ROLES) agents.set(role, (await signedInAgent(app, database.db, [role])).agent);
});
afterAll(async () => {
  await closeTestApp(app);
  await database.drop();
});

/** A concrete URL for a route pattern: ids become a valid but unknown uuid. */
function urlFor(route: RouteEntry): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'role' ? 'admin' : name === 'asin' ? 'B000000000' : '00000000-0000-4000-8000-000000000000',
  );
}

function send(client: ReturnType<typeof request> | ReturnType<typeof request.agent>, route: RouteEntry) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  return client[method](urlFor(route)).send({});
}

describe('the access-control sweep over every API route', () => {
  const guardedRoutes = () => routes.filter((route) => route.policy && route.policy.kind !== 'public');

  it('covers the whole inventory', () => {
    expect(guardedRoutes().length).toBeGreaterThan(40);
  });

  it('answers 401 to an anonymous caller on every non-public route', async () => {
    const failures: string[] = [];
    for (const route of guardedRoutes()) {
      const response = await send(request(app), route);
      if (response.status !== 401) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to every role outside a route’s policy', async () => {
    const failures: string[] = [];
    for (const route of guardedRoutes()) {
      if (route.policy?.kind !== 'roles') continue;
      for (const role of ROLES) {
        if (hasAnyRole([role], route.policy.roles)) continue;
        const response = await send(agents.get(role)!, route);
        if (response.status !== 403) failures.push(`${role}: ${route.method} ${route.path} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers with a stack trace, SQL or a file path', async () => {
    const admin = agents.get('admin')!;
    for (const route of guardedRoutes()) {
      const response = await send(admin, route);
      const body = JSON.stringify(response.body ?? '');
      expect(body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\/work\/|select .* from |insert into /i);
    }
  });
});
