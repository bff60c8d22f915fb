import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createTestApp, createTestUser, TEST_PASSWORD, closeTestApp } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
const server = app.listen(0, '127.0.0.1');
let baseUrl = '';
beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeTestApp(app);
  await db.destroy();
});

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  return /supply_hub\.sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
}

/** Opens the stream and collects event names until `until` matches or the time runs out. */
async function collectEvents(cookie: string, whileOpen: () => Promise<void>, until: (events: string[]) => boolean) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { Cookie: cookie }, signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = response.body!.getReader();
  const events: string[] = [];
  let buffer = '';
  const reading = (async () => {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push(data.slice(6));
      }
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await whileOpen();
  await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 5000))]);
  controller.abort();
  return events;
}

describe('GET /api/events', () => {
  it('needs a session', async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
  });

  it('tells a waiting user about their own approval, and nobody else’s', async () => {
    const waiting = await createTestUser(db, ['provider'], { isApproved: false });
    const other = await createTestUser(db, ['provider'], { isApproved: false });
    const cookie = await signIn(waiting.email);
    const events = await collectEvents(
      cookie,
      async () => {
        await db('profiles').where({ user_id: other.id }).update({ onboarding_approved: true });
        await db('profiles').where({ user_id: waiting.id }).update({ onboarding_approved: true });
      },
      (seen) => seen.some((event) => event.includes(waiting.id)),
    );
    const profileEvents = events.filter((event) => event.includes('profile.updated'));
    expect(profileEvents).toEqual([JSON.stringify({ type: 'profile.updated', user_id: waiting.id })]);
  });

  it('carries catalogue changes to every signed-in user', async () => {
    const user = await createTestUser(db, ['doctor']);
    const cookie = await signIn(user.email);
    const events = await collectEvents(
      cookie,
      async () => {
        await db('products').insert({ asin: `B0EVT${Date.now().toString().slice(-5)}`, title: 'Event test gauze' });
      },
      (seen) => seen.some((event) => event.includes('product.changed')),
    );
    expect(events).toContain(JSON.stringify({ type: 'product.changed' }));
  });

  it('keeps the announcements meant for the instances out of the stream', async () => {
    const user = await createTestUser(db, ['doctor']);
    const cookie = await signIn(user.email);
    const events = await collectEvents(
      cookie,
      async () => {
        // Announced as company_settings.changed; only the timestamp changes, nothing reports read.
        await db('company_settings').where({ id: 1 }).update({ updated_at: new Date() });
        await db('products').insert({ asin: `B0EVS${Date.now().toString().slice(-5)}`, title: 'Event test swabs' });
      },
      (seen) => seen.some((event) => event.includes('product.changed')),
    );
    expect(events).toContain(JSON.stringify({ type: 'product.changed' }));
    expect(events.filter((event) => event.includes('company_settings'))).toEqual([]);
  });

  it('tells requesters about their own orders’ status changes only', async () => {
    const owner = await createTestUser(db, ['doctor']);
    const other = await createTestUser(db, ['doctor']);
    const cookie = await signIn(owner.email);
    const [mine] = await db('orders').insert({ user_id: owner.id, user_email: owner.email }).returning('id');
    const [theirs] = await db('orders').insert({ user_id: other.id, user_email: other.email }).returning('id');
    const events = await collectEvents(
      cookie,
      async () => {
        await db('orders')
          .where({ id: theirs.id })
          .update({ status: 'rejected', rejection_reason: 'Rejected by admin' });
        await db('orders').where({ id: mine.id }).update({ status: 'approved' });
      },
      (seen) => seen.some((event) => event.includes('approved')),
    );
    const orderEvents = events.filter((event) => event.includes('order.updated'));
    expect(orderEvents).toEqual([
      JSON.stringify({ type: 'order.updated', user_id: owner.id, order_id: mine.id, status: 'approved' }),
    ]);
  });

  it('tells a logistics admin about every order’s changes, for the deliveries they receive', async () => {
    const requester = await createTestUser(db, ['doctor']);
    const logistics = await createTestUser(db, ['logistics_admin']);
    const cookie = await signIn(logistics.email);
    const [order] = await db('orders').insert({ user_id: requester.id, user_email: requester.email }).returning('id');
    const events = await collectEvents(
      cookie,
      async () => {
        await db('orders').where({ id: order.id }).update({ status: 'approved' });
      },
      (seen) => seen.some((event) => event.includes('approved')),
    );
    expect(events.filter((event) => event.includes('order.updated'))).toEqual([
      JSON.stringify({ type: 'order.updated', user_id: requester.id, order_id: order.id, status: 'approved' }),
    ]);
  });

  it('holds at most 5 streams per sign-in: the 6th answers 429 TOO_MANY_STREAMS until one closes', async () => {
    const user = await createTestUser(db, ['doctor']);
    const cookie = await signIn(user.email);
    const open = async () => {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}/api/events`, { headers: { Cookie: cookie }, signal: controller.signal });
      return { response, controller };
    };
    const streams = [];
    for (let index = 0; index < 5; index += 1) streams.push(await open());
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await open();
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toMatchObject({
      code: 'TOO_MANY_STREAMS',
      message: expect.stringContaining('at most 5 per sign-in'),
    });
    // Another sign-in of the same account has its own allowance.
    const otherSession = await fetch(`${baseUrl}/api/events`, {
      headers: { Cookie: await signIn(user.email) },
      signal: AbortSignal.timeout(2000),
    });
    expect(otherSession.status).toBe(200);
    await otherSession.body?.cancel();
    // Closing a tab frees its place (the server sees the close a moment later).
    streams[0]!.controller.abort();
    let reopened = await open();
    for (let attempt = 0; reopened.response.status === 429 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reopened = await open();
    }
    expect(reopened.response.status).toBe(200);
    for (const stream of [...streams, reopened]) stream.controller.abort();
  });

  it('holds at most 20 streams per account across its sign-ins', async () => {
    const user = await createTestUser(db, ['doctor']);
    const controller = new AbortController();
    const statuses: number[] = [];
    for (let session = 0; session < 5; session += 1) {
      const cookie = await signIn(user.email);
      for (let tab = 0; tab < (session < 4 ? 5 : 1); tab += 1) {
        const response = await fetch(`${baseUrl}/api/events`, {
          headers: { Cookie: cookie },
          signal: controller.signal,
        });
        statuses.push(response.status);
      }
    }
    controller.abort();
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
  });
});
