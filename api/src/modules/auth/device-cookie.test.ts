import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, createTestUser, TEST_PASSWORD } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { DEVICE_COOKIE, MAX_REMEMBERED_ACCOUNTS, deviceIdOf, rememberAccount } from './device-cookie.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

/** A client address of this test's own (X-Forwarded-For is believed from loopback). */
const someAddress = () => `10.${randomBytes(3).join('.')}`;

function deviceCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
}

/** One shared ward PC: a browser with its cookie jar, at one address. */
function wardPc() {
  const agent = request.agent(app);
  const address = someAddress();
  return {
    address,
    signIn: (email: string) =>
      agent.post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password: TEST_PASSWORD }),
    signOut: () => agent.post('/api/auth/logout').set('X-Forwarded-For', address).expect(204),
  };
}

/** An attacker elsewhere runs out the account's attempts; the right password from a stranger is then refused. */
async function lockOut(email: string) {
  const attacker = someAddress();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await request(app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', attacker)
      .send({ email, password: `guess-${attempt}` })
      .expect(401);
  }
  await request(app)
    .post('/api/auth/login')
    .set('X-Forwarded-For', someAddress())
    .send({ email, password: TEST_PASSWORD })
    .expect(429);
}

const nurses = (count: number) => Promise.all(Array.from({ length: count }, () => createTestUser(db, ['nurse'])));

describe('the device cookie remembers the last accounts of a shared browser', () => {
  it('three nurses who sign in one after another on a ward PC can all still sign in there after an attacker locks all three out', async () => {
    const pc = wardPc();
    const shift = await nurses(3);
    let cookie: string | undefined;
    for (const nurse of shift) {
      cookie = deviceCookieOf(await pc.signIn(nurse.email).expect(200));
      await pc.signOut();
    }
    // Small, and the flags it always had.
    expect(cookie).toMatch(/; Path=\/api\/auth; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(cookie!.split(';')[0]!.length).toBeLessThan(700);

    for (const nurse of shift) await lockOut(nurse.email);
    for (const nurse of shift) {
      await pc.signIn(nurse.email).expect(200);
      await pc.signOut();
    }
  });

  it('an 11th account pushes out the oldest, whose lock-out then applies on that browser too', async () => {
    const pc = wardPc();
    const accounts = await nurses(MAX_REMEMBERED_ACCOUNTS + 1);
    let cookie: string | undefined;
    for (const account of accounts) {
      cookie = deviceCookieOf(await pc.signIn(account.email).expect(200));
      await pc.signOut();
    }
    const value = decodeURIComponent(cookie!.split(';')[0]!.slice(DEVICE_COOKIE.length + 1));
    expect(value.split('~')).toHaveLength(MAX_REMEMBERED_ACCOUNTS);

    const [oldest, second] = accounts;
    await lockOut(oldest!.email);
    await lockOut(second!.email);
    await pc.signIn(second!.email).expect(200);
    await pc.signOut();
    await pc.signIn(oldest!.email).expect(429);
  });

  it('a tampered entry is ignored: that account is a stranger again, the others keep their allowance', async () => {
    const [first, second, third] = await nurses(3);
    let cookie = '';
    for (const nurse of [first!, second!, third!]) {
      const response = await request(app)
        .post('/api/auth/login')
        .set('Cookie', cookie)
        .send({ email: nurse.email, password: TEST_PASSWORD })
        .expect(200);
      cookie = deviceCookieOf(response)!.split(';')[0]!;
    }
    // Newest first: third, second, first. One character of the second's signature changes.
    const [name, value] = [cookie.slice(0, DEVICE_COOKIE.length), cookie.slice(DEVICE_COOKIE.length + 1)];
    const entries = decodeURIComponent(value).split('~');
    const mac = entries[1]!.slice(-43);
    entries[1] = `${entries[1]!.slice(0, -43)}${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const tampered = `${name}=${entries.join('~')}`;

    for (const nurse of [first!, second!, third!]) await lockOut(nurse.email);
    const signIn = (email: string) =>
      request(app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', someAddress())
        .set('Cookie', tampered)
        .send({ email, password: TEST_PASSWORD });
    await signIn(first!.email).expect(200);
    await signIn(third!.email).expect(200);
    await signIn(second!.email).expect(429);
  });
});

describe('device cookie entries', () => {
  const secret = 'a-test-session-secret-that-is-long-enough';

  it('keeps each account once, newest first, and reads only well-formed entries, at most ten', () => {
    let cookie = rememberAccount(secret, 'a@test.example', undefined);
    cookie = rememberAccount(secret, 'b@test.example', cookie);
    const idOfA = deviceIdOf(secret, 'a@test.example', cookie);
    cookie = rememberAccount(secret, 'a@test.example', cookie);
    expect(cookie.split('~')).toHaveLength(2);
    expect(deviceIdOf(secret, 'a@test.example', cookie)).not.toBe(idOfA);
    expect(deviceIdOf(secret, 'b@test.example', cookie)).toBeDefined();
    expect(deviceIdOf(secret, 'c@test.example', cookie)).toBeUndefined();
    expect(deviceIdOf('another-secret-entirely-of-enough-length', 'a@test.example', cookie)).toBeUndefined();

    const padded = `junk~${'x'.repeat(66)}~${cookie}`;
    expect(rememberAccount(secret, 'c@test.example', padded).split('~')).toHaveLength(3);
    const many = Array.from({ length: 12 }, (_, index) => `e${index}@test.example`).reduce<string | undefined>(
      (jar, email) => rememberAccount(secret, email, jar),
      undefined,
    );
    expect(deviceIdOf(secret, 'e11@test.example', many)).toBeDefined();
    expect(deviceIdOf(secret, 'e2@test.example', many)).toBeDefined();
    expect(deviceIdOf(secret, 'e1@test.example', many)).toBeUndefined();
  });
});
