import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, TEST_PASSWORD } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';
import { SESSION_COOKIE } from './sessions.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

const SESSION_PRELOAD = '</api/auth/session>; rel=preload; as=fetch; crossorigin=anonymous';
const PRODUCTS_PRELOAD = '</api/products?sort=title&page=1&per_page=48>; rel=preload; as=fetch; crossorigin=anonymous';

async function signInCookie(): Promise<string> {
  const user = await createTestUser(db, ['doctor']);
  const login = await request(app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD });
  expect(login.status).toBe(200);
  // The session cookie by name: a sign-in also sets the device cookie.
  const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
  return setCookie.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0]!;
}

describe('GET /catalog preloads the first products only for a live session', () => {
  it('preloads the session and the products for a signed-in browser, only the session check once it ended', async () => {
    const cookie = await signInCookie();
    expect((await request(app).get('/catalog').set('Cookie', cookie)).headers['link']).toBe(
      `${SESSION_PRELOAD}, ${PRODUCTS_PRELOAD}`,
    );
    await request(app).post('/api/auth/logout').set('Cookie', cookie).expect(204);
    // The browser may still hold the cookie (another tab, a failed clear): no products for it.
    expect((await request(app).get('/catalog').set('Cookie', cookie)).headers['link']).toBe(SESSION_PRELOAD);
  });

  it('preloads nothing without a session cookie', async () => {
    expect((await request(app).get('/catalog')).headers['link']).toBeUndefined();
  });
});
