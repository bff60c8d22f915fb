import type { Express } from 'express';
import request from 'supertest';

import { createApp } from '../app.js';
import type { Role } from '../contracts/roles.js';
import type { Db } from '../database/connection.js';
import { createUser } from '../modules/users/users.service.js';
import { silentLog, testConfig, testContext, uniqueEmail } from './test-context.js';

/** A clock tests can move: sessions, throttles and timestamps all read it. */
export function movableClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export function createTestApp(db: Db, options: { now?: () => Date; env?: Record<string, string> } = {}): Express {
  return createApp({ db, config: testConfig(options.env), log: silentLog, now: options.now });
}

export const TEST_PASSWORD = 'Lantern-Orbit-42';

/** An approved account with the given roles; returns its e-mail and id. */
export async function createTestUser(db: Db, roles: Role[], options: { isApproved?: boolean } = {}) {
  const email = uniqueEmail(roles[0] ?? 'user');
  const user = await createUser(testContext(db), {
    email,
    password: TEST_PASSWORD,
    firstName: 'Test',
    lastName: roles.join('-') || 'User',
    roles,
    isApproved: options.isApproved ?? true,
  });
  return { id: user.id, email };
}

/** A supertest agent signed in as a new user with these roles. */
export async function signedInAgent(app: Express, db: Db, roles: Role[]) {
  const user = await createTestUser(db, roles);
  const agent = request.agent(app);
  await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
  return { agent, user };
}
