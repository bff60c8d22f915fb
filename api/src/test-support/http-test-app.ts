import type { Express } from 'express';
import request from 'supertest';

import { createPortal, type Portal } from '../app.js';
import { LOCATION_ORDERING_ROLES, effectiveRole } from '../contracts/roles.rules.js';
import type { Role } from '../contracts/roles.js';
import type { Db } from '../database/connection.js';
import type { Logger } from '../logger.js';
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

type TestAppOptions = { now?: () => Date; env?: Record<string, string>; log?: Logger };

/** Portals made for tests, by their Express app, until closed. */
const openPortals = new Map<Express, Portal>();

/**
 * A portal as the server makes it, for tests that need more than its app (the route inventory,
 * event streams). Each holds connections of its own (its session store's pool, its event hub once
 * something subscribes): closeTestApps, run after every test file (jest-after-env.ts), closes
 * those a test did not close itself.
 */
export function createTestPortal(db: Db, options: TestAppOptions = {}): Portal {
  const portal = createPortal({ db, config: testConfig(options.env), log: options.log ?? silentLog, now: options.now });
  openPortals.set(portal.app, portal);
  return portal;
}

/** The portal's Express app, for supertest. */
export function createTestApp(db: Db, options: TestAppOptions = {}): Express {
  return createTestPortal(db, options).app;
}

/** Closes a test app's own connections now (before its database goes away, say). */
export async function closeTestApp(app: Express): Promise<void> {
  const portal = openPortals.get(app);
  openPortals.delete(app);
  portal?.endStreams();
  await portal?.close();
}

export async function closeTestApps(): Promise<void> {
  await Promise.all([...openPortals.keys()].map(closeTestApp));
}

export const TEST_PASSWORD = 'Lantern-Orbit-42';

/** The shipping address a test account that orders gets unless it asks for none. */
export const TEST_SHIPPING_ADDRESS = {
  full_name: 'Test Ward',
  street_line1: '1 Test Street',
  city: 'Boston',
  state: 'MA',
  postal_code: '02118',
  country: 'US',
} as const;

/**
 * An approved account with the given roles; returns its e-mail and id. A role that orders (a cart
 * or a ward's top-up) gets TEST_SHIPPING_ADDRESS, since an order without one is refused;
 * `hasShippingAddress: false` leaves it without (true gives any role one).
 */
export async function createTestUser(
  db: Db,
  roles: Role[],
  options: { isApproved?: boolean; hasShippingAddress?: boolean } = {},
) {
  const email = uniqueEmail(roles[0] ?? 'user');
  const user = await createUser(testContext(db), {
    email,
    password: TEST_PASSWORD,
    firstName: 'Test',
    lastName: roles.join('-') || 'User',
    roles,
    isApproved: options.isApproved ?? true,
  });
  const hasShippingAddress = options.hasShippingAddress ?? LOCATION_ORDERING_ROLES.includes(effectiveRole(roles));
  if (hasShippingAddress) {
    const now = new Date();
    await db('shipping_addresses').insert({
      user_id: user.id,
      ...TEST_SHIPPING_ADDRESS,
      created_at: now,
      updated_at: now,
    });
  }
  return { id: user.id, email };
}

/** A supertest agent signed in as a new user with these roles (createTestUser's options). */
export async function signedInAgent(
  app: Express,
  db: Db,
  roles: Role[],
  options: Parameters<typeof createTestUser>[2] = {},
) {
  const user = await createTestUser(db, roles, options);
  const agent = request.agent(app);
  await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
  return { agent, user };
}

/** Opens the latest sign-up link mailed to `email` with `agent`: creates the account and signs in. */
export async function openSignUpLink(agent: ReturnType<typeof request.agent>, db: Db, email: string) {
  const mail = await db('email_outbox')
    .where({ to_address: email.toLowerCase(), template: 'sign-up-confirm' })
    .orderBy('created_at', 'desc')
    .first<{ text_body: string } | undefined>('text_body');
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no sign-up link was mailed to ${email}`);
  return agent.post('/api/auth/signup/confirm').send({ token });
}

/** Signs up as a person would: the sign-up answers 202, then the mailed link signs `agent` in. */
export async function signUpThroughMail(
  agent: ReturnType<typeof request.agent>,
  db: Db,
  body: { first_name: string; last_name: string; email: string; password: string },
) {
  await agent.post('/api/auth/signup').send(body).expect(202);
  return openSignUpLink(agent, db, body.email);
}

/** Settings → Automation as an admin sets it: auto-approval on or off under `underAmount` dollars. */
export function setAutoApproval(admin: ReturnType<typeof request.agent>, isOn: boolean, underAmount = 100) {
  return admin
    .put('/api/admin/settings/automation')
    .send({
      auto_sync_daily: true,
      email_notifications_new_orders: false,
      auto_approve_enabled: isOn,
      auto_approve_under_amount: underAmount,
    })
    .expect(200);
}
