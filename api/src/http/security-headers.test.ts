import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, signedInAgent } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';

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
