import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createDb } from './database/connection.js';
import { createPortal } from './app.js';
import { createTestApp } from './test-support/http-test-app.js';
import { openSharedTestDb, silentLog, testConfig } from './test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('GET /api/health', () => {
  it('answers 200 with the database ok', async () => {
    const response = await request(app).get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', db: 'ok', demo_mode: false });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is unreachable', async () => {
    const deadDb = createDb('postgres://postgres@127.0.0.1:1/nowhere', { max: 1 });
    const response = await request(createTestApp(deadDb)).get('/api/health').expect(503);
    expect(response.body).toMatchObject({ status: 'degraded', db: 'unreachable' });
    await deadDb.destroy();
  });
});

describe('the API error model', () => {
  it('answers an unknown API route with a 404 error body and a request id', async () => {
    const response = await request(app).get('/api/nothing-here').expect(404);
    expect(response.body).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'No API route for GET /api/nothing-here',
      requestId: expect.any(String),
    });
    expect(response.headers['x-request-id']).toBe(response.body.requestId);
  });

  it('refuses malformed JSON with 400 and oversized bodies with 413, without leaking internals', async () => {
    const malformed = await request(app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"a":')
      .expect(400);
    expect(malformed.body.code).toBe('MALFORMED_JSON');
    const huge = await request(app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200_000) }))
      .expect(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(JSON.stringify(huge.body)).not.toMatch(/node_modules|at \w+ \(/);
  });
});

describe('security headers and the two apps', () => {
  it('sends a CSP that forbids framing, nosniff and a referrer policy', async () => {
    const response = await request(app).get('/api/health');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('redirects the fixed aliases of the route table', async () => {
    for (const alias of ['/people', '/admin/people', '/admin/settings/users']) {
      await request(app).get(alias).expect(302).expect('Location', '/admin/users');
    }
    await request(app).get('/auth').expect(302).expect('Location', '/login');
  });

  it('answers a missing asset with 404, never the index page', async () => {
    await request(app).get('/assets/missing-file.js').expect(404);
    await request(app).get('/admin/assets/missing-file.js').expect(404);
  });
});

describe('the portal handle', () => {
  it('closes its own connections once, however often it is asked (shutdown and tests both ask)', async () => {
    const portal = createPortal({ db, config: testConfig(), log: silentLog });
    await request(portal.app).get('/api/health').expect(200);
    await expect(Promise.all([portal.close(), portal.close()])).resolves.toEqual([undefined, undefined]);
    await expect(portal.close()).resolves.toBeUndefined();
  });
});
