import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

describe('POST /api/auth/login names the role’s home (contracts/roles.rules homePathFor)', () => {
  it.each([
    [['finance'], '/admin/reports'],
    [['user', 'finance'], '/admin/reports'],
    [['doctor'], '/catalog'],
  ] as const)('roles %j sign in with home %s', async (roles, home) => {
    const user = await createTestUser(db, [...roles]);
    const response = await request(app)
      .post('/api/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(200);
    expect(response.body).toMatchObject({ status: 'signed_in', home });
  });
});
