import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import {
  createTestApp,
  signedInAgent,
  TEST_PASSWORD,
  closeTestApp,
  createTestPortal,
} from '../test-support/http-test-app.js';
import { createIsolatedDatabase, openSharedTestDb } from '../test-support/test-context.js';
import { listRoutes, type RouteEntry } from './route-inventory.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

describe('response headers', () => {
  it('send CSP, nosniff and a referrer policy everywhere, and no-store on API answers', async () => {
    const app = createTestApp(db);
    const { agent } = await signedInAgent(app, db, ['admin']);
    for (const path of [
      '/api/health',
      '/api/auth/session',
      '/api/admin/orders',
      '/api/products',
      '/login',
      '/admin/orders',
      '/media/none.webp',
    ]) {
      const response = await agent.get(path);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      if (path.startsWith('/api/')) expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await request(app).get('/api/health')).headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS behind https', async () => {
    const app = createTestApp(db, { env: { PUBLIC_URL: 'https://supplies.example.org' } });
    const health = await request(app).get('/api/health');
    expect(health.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});

describe('no-store over the whole API inventory', () => {
  // Two hundred requests: generous on a loaded machine.
  it('marks every answer of every API route no-store, for admins, doctors and anonymous callers', async () => {
    // A database of its own: the admin pass calls every command (bootstrap included) with dummy ids.
    const database = await createIsolatedDatabase();
    const { app, apiRouter } = createTestPortal(database.db);
    try {
      const routes = listRoutes(apiRouter).filter((route) => route.path !== '/api/events');
      expect(routes.length).toBeGreaterThan(60);
      const admin = await signedInAgent(app, database.db, ['admin']);
      const doctor = await signedInAgent(app, database.db, ['doctor']);
      const urlFor = (route: RouteEntry) =>
        route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
          name === 'role' ? 'admin' : name === 'asin' ? 'B000000000' : '00000000-0000-4000-8000-000000000000',
        );
      const failures: string[] = [];
      for (const route of routes) {
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        const isPublic = !route.policy || route.policy.kind === 'public';
        // Public routes anonymously (a sign-out must not end our sessions); the others as an admin and
        // as a doctor, so each is answered both by its handler and by a refusal.
        const clients = isPublic ? [request(app)] : [admin.agent, doctor.agent];
        for (const client of clients) {
          const response = await client[method](urlFor(route)).send({});
          if (response.headers['cache-control'] !== 'no-store') {
            failures.push(`${route.method} ${route.path} → ${response.status} ${response.headers['cache-control']}`);
          }
        }
      }
      expect(failures).toEqual([]);

      // The event stream answers its headers at once and then stays open: read them and hang up.
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: doctor.user.email, password: TEST_PASSWORD }),
        });
        const cookie = /supply_hub\.sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
        const hangUp = new AbortController();
        const stream = await fetch(`${base}/api/events`, { headers: { cookie }, signal: hangUp.signal });
        expect(stream.status).toBe(200);
        expect(stream.headers.get('cache-control')).toBe('no-store');
        hangUp.abort();
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      await closeTestApp(app);
      await database.drop();
    }
  }, 120_000);
});
